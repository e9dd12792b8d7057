import { describe, expect, it } from 'vitest';
import { toPayload } from './form-values.ts';
import type { FormField } from './types.ts';

const fields: FormField[] = [
  { name: 'name', label: 'Name', input: 'text' },
  { name: 'agencyId', label: 'Agency', input: 'select' },
  { name: 'description', label: 'Description', input: 'textarea' },
  { name: 'active', label: 'Active', input: 'switch' },
];

describe('toPayload', () => {
  it('sends a cleared field as null where the contract allows null, so the update clears it', () => {
    const nullable = (name: string) => name === 'agencyId' || name === 'description';
    expect(toPayload(fields, { name: ' Minh Phát ', agencyId: undefined, description: '  ', active: undefined }, nullable)).toEqual({
      name: 'Minh Phát',
      agencyId: null,
      description: null,
      active: false,
    });
  });

  it('leaves a blank out where null is not allowed (the contract reads it as empty)', () => {
    expect(toPayload(fields, { name: '', agencyId: 'x' })).toEqual({ name: undefined, agencyId: 'x', description: undefined, active: false });
  });
});
