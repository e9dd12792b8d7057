/**
 * A restart of an unchanged install (issue 27, step 6): what `npm start` does, timed until the
 * server answers /readyz: the build step finds nothing changed, then the compiled server starts
 * on the existing database (its migrations already applied).
 */
import { fileURLToPath } from 'node:url';
import { startInstance } from '../apps/server/test/instances.ts';
import { buildWhatChanged, PORTAL_TARGETS } from './build-changed.ts';

type Report = (name: string, value: string, target?: string) => void;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_MAIN = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));

export async function benchRestart(report: Report, databaseEnv: Record<string, string>): Promise<void> {
  // Brings the builds up to date first (as the install's first start did); not timed.
  buildWhatChanged(ROOT, PORTAL_TARGETS);
  const started = performance.now();
  const rebuilt = buildWhatChanged(ROOT, PORTAL_TARGETS);
  const checked = performance.now() - started;
  const instance = await startInstance(databaseEnv, SERVER_MAIN);
  const ready = performance.now() - started;
  await instance.stop();
  if (rebuilt.length) throw new Error(`an unchanged install rebuilt ${rebuilt.join(', ')}`);
  report('restart of an unchanged install, to /readyz', `${(ready / 1000).toFixed(1)} s (build check ${checked.toFixed(0)} ms)`, '≤ 5 s');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-restart-'));
  try {
    buildWhatChanged(ROOT, PORTAL_TARGETS);
    // The install's first start: migrations and the first administrator.
    await (await startInstance({ DATA_DIR: dataDir }, SERVER_MAIN)).stop();
    await benchRestart((name, value, target = '') => console.log(`${name.padEnd(52)} ${value.padEnd(30)} ${target}`), { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
