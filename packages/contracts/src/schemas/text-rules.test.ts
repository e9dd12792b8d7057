import { describe, expect, it } from 'vitest';
import { textSchema } from './fields.ts';
import * as rules from './text-rules.ts';
import { checkText, type TextRule } from './text-rules.ts';

const named = Object.entries(rules).flatMap(([name, value]) => {
  if (name.endsWith('_RULE')) return [[name, value as TextRule] as const];
  if (name.endsWith('_RULES')) return Object.entries(value as Record<string, TextRule>).map(([field, rule]) => [`${name}.${field}`, rule] as const);
  return [];
});

const samples = ['', '   ', 'a', 'ab', 'abc', ' abc ', 'x'.repeat(41), 'x'.repeat(300), '12345', '123456', ' 123456 ', '12345a', '0912345678', '0'.repeat(16),
  'a@b', 'a@b.vn', ' a@b.vn ', 'a b@c.vn', 'weak', 'Strong#1', 'Strong 1#', 'NoSpecial1', `${'Aa1!'.repeat(64)}`, 'user.name-1', 'us', 'bad name', undefined, null, 42];

describe('text rules read without zod give the verdict the zod schemas give', () => {
  it.each(named)('%s', (_name, rule) => {
    const schema = textSchema(rule);
    for (const value of samples) {
      const parsed = schema.safeParse(value);
      const refusal = checkText(rule, value);
      const zodKey = parsed.success ? undefined : parsed.error.issues[0]!.message;
      if (typeof value === 'string') expect(refusal?.key, JSON.stringify(value)).toBe(zodKey);
      else expect(refusal === undefined, String(value)).toBe(parsed.success);
    }
  });

  it('names the limit of a value too long', () => {
    expect(checkText(rules.requiredTextRule(5), 'abcdef')).toEqual({ key: 'too_long', max: 5 });
  });
});
