import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { FIELD_ERROR_KEYS, passwordsMatch, type FieldErrorKey } from '@portal/contracts';

/** The part of a zod schema the forms use: parse a value, read the first issue. */
interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string; maximum?: unknown }[] } };
}

function isFieldErrorKey(message: string): message is FieldErrorKey {
  return (FIELD_ERROR_KEYS as readonly string[]).includes(message);
}

/**
 * Form rules derived from the contracts: each field is checked with the very schema the
 * server validates with, and the refusal's key becomes the section 5 message in the user's
 * language ("{field} cannot be empty", "Type at most N characters" …).
 */
export function useFieldRules() {
  const { t } = useTranslation('validation');

  function messageOf(issue: { message: string; maximum?: unknown }, field: string, isEmail: boolean): string {
    const key: FieldErrorKey = isFieldErrorKey(issue.message) ? issue.message : 'invalid';
    if (key === 'required' && isEmail) return t('emailRequired');
    return t(key, { field, max: typeof issue.maximum === 'number' ? issue.maximum : undefined });
  }

  return {
    /** The rule of one field: `schema` is the contract's schema of that field. */
    field(schema: FieldSchema, field: string, options: { email?: boolean } = {}): Rule {
      return {
        validator: async (_rule, value: unknown) => {
          const result = schema.safeParse(value ?? '');
          if (!result.success) throw new Error(messageOf(result.error.issues[0]!, field, options.email === true));
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
  };
}
