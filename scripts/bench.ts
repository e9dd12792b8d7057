/**
 * `npm run bench`: the portal's speed and size figures, measured on this machine.
 * Starts the real app on a fresh embedded database in a temporary directory.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../apps/server/src/app.ts';
import { prepareDatabase } from '../apps/server/src/bootstrap/index.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { loadProviderKeys } from '../apps/server/src/identity/keys.ts';
import { bearer, signIn } from '../apps/server/test/oidc-client.ts';
import { TEST_ADMIN, TEST_PUBLIC_URL } from '../apps/server/test/test-app.ts';
import { benchActivity } from './bench-activity.ts';
import { reportRouteSize } from './bench-route-size.ts';

const rows: [string, string][] = [];
const report = (name: string, value: string) => {
  rows.push([name, value]);
  console.log(`${name.padEnd(44)} ${value}`);
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function start(dataDir: string) {
  const t0 = performance.now();
  const database = await openDatabase({ dataDir });
  const config = loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, PORTAL_ADMIN_PASSWORD: TEST_ADMIN.password, LOG_LEVEL: 'silent', DEMO_DATA: '1' });
  await prepareDatabase(database, config);
  const keys = await loadProviderKeys(database.db);
  const app = await buildApp({ config, database, keys, webRoot: '/nonexistent' });
  await app.ready();
  return { app, database, elapsed: performance.now() - t0 };
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
try {
  const cold = await start(dataDir);
  report('first start (migrate + seed + build app)', ms(cold.elapsed));
  await cold.app.close();
  await cold.database.close();

  const { app, database, elapsed } = await start(dataDir);
  report('later start on the same data', ms(elapsed));

  const signIns: number[] = [];
  let token = '';
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    token = (await signIn(app, TEST_ADMIN)).access_token;
    signIns.push(performance.now() - t0);
  }
  report('sign-in, whole OIDC flow (p50 / p95, n=20)', `${ms(percentile(signIns, 50))} / ${ms(percentile(signIns, 95))}`);

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}/api/User/GetListMenus`;
  const latencies: number[] = [];
  const deadline = performance.now() + 5000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const response = await fetch(url, { headers: bearer(token) });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  report('GET /api/User/GetListMenus, 16 clients, 5 s', `${(latencies.length / 5).toFixed(0)} req/s`);
  report('  latency p50 / p95', `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))}`);
  await app.close();
  await database.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const dist = new URL('../apps/web/dist/', import.meta.url);
try {
  const html = readFileSync(new URL('index.html', dist), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/sso-fe\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const gz = (file: string) => gzipSync(readFileSync(new URL(file, dist))).length;
  const initialBytes = initial.reduce((sum, file) => sum + gz(file), 0);
  const allBytes = readdirSync(new URL('assets/', dist)).reduce((sum, file) => sum + gz(`assets/${file}`), 0);
  report('web: JS+CSS loaded before the first screen (gzip)', `${(initialBytes / 1024).toFixed(0)} KiB`);
  report('web: every asset together (gzip)', `${(allBytes / 1024).toFixed(0)} KiB`);
  reportRouteSize(report, dist, 'DashboardPage', initial);
} catch {
  report('web', 'not built (run "npm run build")');
}

await benchActivity(report);
