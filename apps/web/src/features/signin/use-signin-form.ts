import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkText, passwordsMatch, type TextRule } from '@portal/contracts';
import { fieldMessage } from '../../shared/field-rules.ts';

type Values = Record<string, string | boolean>;
/** A field's check: the message of its refusal, or undefined. */
export type Check<V extends Values> = (value: V[keyof V], values: V) => string | undefined;

/**
 * The state of one sign-in form: each field is checked as it changes (and those that depend
 * on it, e.g. the confirmation on the password), every field on submit; submitting a form
 * with a refusal moves the focus to the first field refused. `submit` gets the values only
 * when every check passes.
 */
export function useSigninForm<V extends Values>(initial: V, checks: { [K in keyof V]?: Check<V> }, dependents: { [K in keyof V]?: (keyof V)[] } = {}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<{ [K in keyof V]?: string }>({});
  const [touched, setTouched] = useState<Set<keyof V>>(new Set());

  const errorOf = (name: keyof V, all: V) => checks[name]?.(all[name], all);

  function set<K extends keyof V>(name: K, value: V[K]) {
    const next = { ...values, [name]: value };
    setValues(next);
    setTouched((seen) => new Set(seen).add(name));
    setErrors((shown) => {
      const updated: { [K in keyof V]?: string } = { ...shown };
      updated[name] = errorOf(name, next);
      for (const other of dependents[name] ?? []) if (touched.has(other)) updated[other] = errorOf(other, next);
      return updated;
    });
  }

  function submit(onValid: (values: V) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      // Object.fromEntries loses the keys' type; they are the form's own field names.
      const found = Object.fromEntries(Object.keys(values).map((name) => [name, errorOf(name, values)])) as { [K in keyof V]?: string };
      setErrors(found);
      const first = Object.keys(values).find((name) => found[name]);
      if (first === undefined) {
        onValid(values);
        return;
      }
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"], [data-field="${first}"] input`)?.focus();
    };
  }

  return { values, errors, set, submit };
}

/** Checks built from the contracts' text rules, with section 5's messages in the user's language. */
export function useRuleChecks() {
  const { t } = useTranslation('validation');
  return {
    /** The contract's `rule` for the field labelled `field`. */
    text:
      <V extends Values>(rule: TextRule, field: string, options: { email?: boolean } = {}): Check<V> =>
      (value) => {
        const refusal = checkText(rule, value);
        return refusal && fieldMessage(t, refusal.key, field, { max: refusal.max, email: options.email === true });
      },
    /** The confirmation equals the field `password` (section 5), after its own rule. */
    sameAs:
      <V extends Values>(rule: TextRule, field: string, password: keyof V): Check<V> =>
      (value, values) => {
        const refusal = checkText(rule, value);
        if (refusal) return fieldMessage(t, refusal.key, field, { max: refusal.max });
        return passwordsMatch(String(values[password]), String(value)) ? undefined : t('password_mismatch');
      },
    /** A choice that must be made (a select, a box to tick). */
    chosen:
      <V extends Values>(message: string): Check<V> =>
      (value) =>
        value === '' || value === false ? message : undefined,
  };
}
