import dayjs, { type Dayjs } from 'dayjs';
import type { AnyRecord, FormField } from './types.ts';

/** Inputs whose value is a dayjs in the form and an ISO string in the contract. */
const isDateInput = (field: FormField) => field.input === 'date' || field.input === 'datetime';

/** A record's values as the form's inputs hold them (dates become dayjs). */
export function toFormValues(fields: readonly FormField[], record: AnyRecord | undefined, defaults: Record<string, unknown> = {}): Record<string, unknown> {
  const values: Record<string, unknown> = { ...defaults };
  for (const field of fields) {
    const value = record?.[field.name];
    if (value === undefined) continue;
    values[field.name] = isDateInput(field) && typeof value === 'string' ? dayjs(value) : value;
  }
  return values;
}

/**
 * One input's value as the contract expects it: dates as ISO strings, blanks left out (the
 * contract reads them as empty) — except where the field may be null: there a blank is sent
 * as null, so clearing a field (a unit's agency, a description) really clears it instead of
 * keeping the stored value, as an update does with the keys it is not sent.
 */
export function toPayloadValue(field: FormField, value: unknown, nullable = false): unknown {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return field.input === 'switch' ? false : nullable ? null : undefined;
  }
  if (isDateInput(field)) return (value as Dayjs).toISOString();
  if (typeof value === 'string') return value.trim();
  return value;
}

/** The form's values as the body of a save call; `nullable` tells the fields that may be cleared. */
export function toPayload(fields: readonly FormField[], values: Record<string, unknown>, nullable: (name: string) => boolean = () => false): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, toPayloadValue(field, values[field.name], nullable(field.name))]));
}
