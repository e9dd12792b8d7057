import { describe, expect, it } from 'vitest';
import { recordPath } from './define.ts';
import { serviceResource } from './service.ts';
import { unitResource } from './unit.ts';

describe('recordPath', () => {
  it('puts the id in the path where the call names :id', () => {
    expect(recordPath(unitResource.paths.delete!, 'a/b')).toBe('/Unit/Delete/a%2Fb');
  });

  it('sends the id as ?id= where the path names none (the services: DeleteChannel?id=, as the server reads it)', () => {
    expect(recordPath(serviceResource.paths.delete!, 'a&b')).toBe('/Channel/DeleteChannel?id=a%26b');
  });
});
