import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, NEVER_SENT, type ErrorKey } from '@portal/contracts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The text of every non-test source file of the server and the SPA. */
async function sources(): Promise<string> {
  const texts: string[] = [];
  for (const dir of ['apps/server/src', 'apps/web/src']) {
    for (const entry of await readdir(join(ROOT, dir), { recursive: true })) {
      if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) texts.push(await readFile(join(ROOT, dir, entry), 'utf8'));
    }
  }
  return texts.join('\n');
}

describe('the error catalogue', () => {
  it('marks as never sent exactly the keys no code of the server or the SPA names', async () => {
    const text = await sources();
    const named = (key: string) => text.includes(`'${key}'`);
    const keys = Object.keys(ERROR_CATALOGUE) as ErrorKey[];
    expect(keys.filter((key) => !NEVER_SENT.has(key) && !named(key)), 'sent by nobody: add to NEVER_SENT').toEqual([]);
    expect([...NEVER_SENT].filter(named), 'named in the code: remove from NEVER_SENT').toEqual([]);
  });
});
