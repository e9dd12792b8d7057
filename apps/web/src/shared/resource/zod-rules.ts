import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type viResource from '../../i18n/vi/resource.ts';

type Issue = z.core.$ZodIssue;
type ValidationKey = keyof (typeof viResource)['validation'];

const PHRASED = new Set<string>([
  'email_invalid',
  'phone_digits',
  'username_invalid',
  'password_invalid',
  'password_mismatch',
  'url_invalid',
  'business_code_invalid',
  'date_range',
]);

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * A zod issue in the words of section 5: "{field} is required", "Type at most N characters",
 * or the phrase a contract named (e.g. email_invalid).
 */
export function issueMessage(issue: Issue, label: string, value: unknown, t: TFunction<'resource'>): string {
  const required = `${label} ${t('validation.required')}`;
  if (isEmpty(value)) return required;
  if (issue.code === 'too_small') {
    if (issue.origin === 'string' && Number(issue.minimum) <= 1) return required;
    if (issue.origin === 'string') return t('validation.min', { min: Number(issue.minimum) });
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return t('validation.max', { max: Number(issue.maximum) });
  if (issue.message === 'required') return required;
  if (PHRASED.has(issue.message)) return t(`validation.${issue.message as ValidationKey}`);
  return t('validation.invalid');
}

/** Whether the contract refuses an empty value (the form then marks the field required). */
export function isRequired(schema: z.ZodType | undefined): boolean {
  return schema !== undefined && !schema.safeParse(undefined).success && !schema.safeParse(null).success;
}

/** antd rules for one field, from the field's schema in the contract: the rule is written once. */
export function fieldRules(schema: z.ZodType | undefined, label: string, t: TFunction<'resource'>, normalize: (value: unknown) => unknown = (v) => v): Rule[] {
  if (!schema) return [];
  return [
    {
      validator: async (_rule, raw: unknown) => {
        const value = normalize(raw);
        const result = schema.safeParse(value === '' ? undefined : value);
        if (!result.success) throw new Error(issueMessage(result.error.issues[0]!, label, value, t));
      },
    },
  ];
}

/** Errors of a whole-object check (cross-field rules such as "confirm equals password"), by field. */
export function objectIssues(schema: z.ZodType, values: unknown, labelOf: (field: string) => string, t: TFunction<'resource'>) {
  const result = schema.safeParse(values);
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => issue.path.length > 0)
    .map((issue) => {
      const name = String(issue.path[0]);
      return { name, errors: [issueMessage(issue, labelOf(name), (values as Record<string, unknown>)[name], t)] };
    });
}
