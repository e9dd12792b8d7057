import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FIELD_ERROR_KEYS, passwordsMatch, type FieldErrorKey } from '@portal/contracts';

interface Issue {
  message: string;
  path?: readonly PropertyKey[];
  maximum?: unknown;
}

/** The part of a zod schema the forms use: parse a value, read the issues. */
export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly Issue[] } };
}

function isFieldErrorKey(message: string): message is FieldErrorKey {
  return (FIELD_ERROR_KEYS as readonly string[]).includes(message);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Whether the contract refuses an empty value (the form then marks the field required). */
export function isRequired(schema: FieldSchema | undefined): boolean {
  return schema !== undefined && !schema.safeParse(undefined).success && !schema.safeParse(null).success;
}

/**
 * The section 5 message of a refusal in the user's language ("{field} cannot be empty", "Type
 * at most N characters" …); an e-mail field that is empty says so in its own words.
 */
export function fieldMessage(t: TFunction<'validation'>, key: FieldErrorKey, field: string, options: { max?: number | undefined; email?: boolean } = {}): string {
  if (key === 'required' && options.email) return t('emailRequired');
  return t(key, { field, max: options.max });
}

/**
 * Form rules derived from the contracts: each field is checked with the very schema the
 * server validates with, and the refusal's key becomes the section 5 message in the user's
 * language ("{field} cannot be empty", "Type at most N characters" …).
 */
export function useFieldRules() {
  const { t } = useTranslation('validation');

  function messageOf(issue: Issue, field: string, value: unknown, isEmail: boolean): string {
    // A refusal without a key of ours (an enum, a date …) on an empty value means "required".
    const key: FieldErrorKey = isFieldErrorKey(issue.message) ? issue.message : isEmpty(value) ? 'required' : 'invalid';
    return fieldMessage(t, key, field, { max: typeof issue.maximum === 'number' ? issue.maximum : undefined, email: isEmail });
  }

  return {
    /**
     * The rule of one field: `schema` is the contract's schema of that field; `normalize`
     * turns the input's value into what the contract receives (dates, blanks).
     */
    field(schema: FieldSchema, field: string, options: { email?: boolean; normalize?: (value: unknown) => unknown } = {}): Rule {
      return {
        validator: async (_rule, raw: unknown) => {
          const value = options.normalize ? options.normalize(raw) : (raw ?? '');
          const result = schema.safeParse(value);
          if (!result.success) throw new Error(messageOf(result.error.issues[0]!, field, value, options.email === true));
        },
      };
    },
    /**
     * The confirmation must equal the field `passwordField` (section 5), compared as the
     * server compares them (`normalize`: e.g. spaces stripped when changing the password).
     */
    sameAs(passwordField: string, normalize: (value: string) => string = (value) => value): Rule {
      return ({ getFieldValue }) => ({
        validator: async (_rule, value: string | undefined) => {
          const password = normalize(String(getFieldValue(passwordField) ?? ''));
          if (value && !passwordsMatch(password, normalize(value))) throw new Error(t('password_mismatch'));
        },
      });
    },
    /** A refusal the server named a field with, in the user's language ("The send time must be in the future"). */
    serverMessage: (key: string, field: string) => messageOf({ message: key }, field, key, false),
    /** Errors of a whole-object check (cross-field rules of the contract), by field, for `form.setFields`. */
    objectErrors(schema: FieldSchema, values: Record<string, unknown>, labelOf: (name: string) => string) {
      const result = schema.safeParse(values);
      if (result.success) return [];
      return result.error.issues
        .filter((issue) => issue.path && issue.path.length > 0)
        .map((issue) => {
          const name = String(issue.path![0]);
          return { name, errors: [messageOf(issue, labelOf(name), values[name], false)] };
        });
    },
  };
}
