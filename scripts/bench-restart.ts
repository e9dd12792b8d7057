/**
 * A restart of an unchanged install (issue 27, step 6), as an operator makes it: `npm start`
 * run as a child process, timed from its spawn until the server answers /readyz with 200, on an
 * existing database (its migrations already applied), after a first start of the same install
 * that is not timed. Beside the total, its parts: the build
 * check (npm and scripts/build-changed.ts finding nothing changed, until the server's process
 * starts), the server's module loading, and the phases the server logs once listening
 * (main.ts: database open, migrations check and seed, app built, listening).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/server/test/own-services.ts';
import { startInstance, whenReady } from '../apps/server/test/instances.ts';
import { TEST_ADMIN, TEST_PUBLIC_URL } from '../apps/server/test/test-app.ts';
import { buildWhatChanged, PORTAL_TARGETS } from './build-changed.ts';

type Report = (name: string, value: string, target?: string) => void;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_MAIN = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const READY_WITHIN_MS = 120_000;

/** What the server logs once listening (main.ts): its phases since its start-up began, and its time since the process started. */
interface Started {
  startupMs: Record<string, number>;
  sinceProcessStartMs: number;
}

/** `npm start` in a process group of its own; the time to /readyz 200, and what the server said of its start. */
async function timeNpmStart(databaseEnv: Record<string, string>): Promise<{ readyMs: number; started: Started; output: string }> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    // Its own group: npm, the shell and the server are stopped together.
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: TEST_PUBLIC_URL,
      PORTAL_ADMIN_USERNAME: TEST_ADMIN.username,
      PORTAL_ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: 'info',
      ...databaseEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  try {
    const { output: written } = await whenReady(child, `http://127.0.0.1:${port}`, { what: 'npm start', everyMs: 20, withinMs: READY_WITHIN_MS });
    const readyMs = performance.now() - began;
    // The line is written as the server starts listening; it may reach this process after /readyz's answer.
    const startedLine = () => written().split('\n').find((text) => text.includes('"startupMs"'));
    for (let wait = 0; !startedLine() && wait < 100; wait += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    const line = startedLine();
    if (!line) throw new Error(`the server logged no start-up phases: ${written()}`);
    return { readyMs, started: JSON.parse(line) as Started, output: written() };
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

export async function benchRestart(report: Report, databaseEnv: Record<string, string>): Promise<void> {
  // Brings the builds up to date first (as the install's first start did), and starts once as
  // the install last did (what it leaves, such as Node's compile cache, is a restart's); not timed.
  buildWhatChanged(ROOT, PORTAL_TARGETS);
  await timeNpmStart(databaseEnv);
  const { readyMs, started, output } = await timeNpmStart(databaseEnv);
  if (/^built: /m.test(output)) throw new Error(`an unchanged install rebuilt: ${output}`);
  const { startupMs: phases, sinceProcessStartMs } = started;
  const listening = phases.listening ?? 0;
  const parts = [
    `build check ${((readyMs - sinceProcessStartMs) / 1000).toFixed(1)} s`,
    `modules ${((sinceProcessStartMs - listening) / 1000).toFixed(1)} s`,
    `database open ${((phases.databaseOpen ?? 0) / 1000).toFixed(1)} s`,
    `migrations and seed ${(((phases.databasePrepared ?? 0) - (phases.databaseOpen ?? 0)) / 1000).toFixed(1)} s`,
    `app ${(((phases.appBuilt ?? 0) - (phases.databasePrepared ?? 0)) / 1000).toFixed(1)} s`,
    `listen ${((listening - (phases.appBuilt ?? 0)) / 1000).toFixed(1)} s`,
  ];
  report('restart of an unchanged install: npm start to /readyz 200', `${(readyMs / 1000).toFixed(1)} s`, '≤ 5 s');
  report('  its parts', parts.join(', '));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-restart-'));
  const runs = Number(process.env.BENCH_RESTART_RUNS ?? 1);
  try {
    buildWhatChanged(ROOT, PORTAL_TARGETS);
    // The install's first start: migrations and the first administrator.
    await (await startInstance({ DATA_DIR: dataDir }, SERVER_MAIN)).stop();
    for (let run = 0; run < runs; run += 1) {
      await benchRestart((name, value, target = '') => console.log(`${name.padEnd(58)} ${value.padEnd(30)} ${target}`), { DATA_DIR: dataDir });
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
