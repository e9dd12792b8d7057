import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web's sources (`apps/web/src/`), which the source-reading tests walk. */
export const WEB_SRC = fileURLToPath(new URL('../', import.meta.url));

/**
 * Every TypeScript file below `folder` (tests left out), with its text and its path relative to
 * `folder`, for the tests that read the code itself: casts, route and API path literals.
 */
export async function sourceFiles(folder: string): Promise<{ file: string; name: string; text: string }[]> {
  const entries = await readdir(folder, { recursive: true });
  const files = entries.filter((entry) => /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)).map((entry) => join(folder, entry));
  return Promise.all(files.map(async (file) => ({ file, name: relative(folder, file), text: await readFile(file, 'utf8') })));
}
