/// <reference lib="dom" />
// The page-side functions below run in Chromium.
/**
 * `node scripts/bench-reload.ts [route] [reloads]` (after `npm run build`): how long a signed-in
 * list screen takes to show its rows again after a reload, and where that time goes (issue 25:
 * "a list reloaded shows its rows after 1.5–2 s although the API answers in 60–200 ms").
 * The compiled server runs as `npm start` runs it, on a fresh embedded database with the demo
 * data; Chromium signs in as the platform administrator once, then reloads the screen. Each
 * reload's first table row is noted by the page itself (a MutationObserver, no polling), and its
 * resource timings give the waterfall. Prints the median of the reloads and the waterfall of the
 * median one, beside the machine's load average. BENCH_COMPARE=<a dist directory of another
 * build of the web app> measures that build in turns with this one (the directories swap
 * places between reloads), so both see the same machine at the same moment.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildServer } from '../apps/server/build.ts';
import { SERVER_NODE_FLAGS } from '../apps/server/test/instances.ts';
import { freePort } from '../apps/server/test/own-services.ts';
import { percentile } from './bench/measure.ts';

const ROUTE = process.argv[2] ?? 'enterprise/enterprise-manage';
const RELOADS = Number(process.argv[3] ?? 9);
const ADMIN = { username: 'admin', password: 'Bench#Admin2026' };
const COMPARE = process.env.BENCH_COMPARE;
const DIST = new URL('../apps/web/dist', import.meta.url).pathname;

let swapped = false;
/** Puts the other build where the server serves the web app from (and back). */
function swapBuilds(): void {
  if (!COMPARE) return;
  renameSync(DIST, `${DIST}.swap`);
  renameSync(COMPARE, DIST);
  renameSync(`${DIST}.swap`, COMPARE);
  swapped = !swapped;
}

interface Timing {
  name: string;
  start: number;
  end: number;
}
interface Reload {
  firstRow: number;
  documentEnd: number;
  resources: Timing[];
}

/** Notes, from the page itself, when the first row of a table appears (performance.now(), ms since the navigation). */
function watchFirstRow(): void {
  const seen = () => document.querySelector('.ant-table-tbody tr.ant-table-row');
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function measure(page: Page): Promise<Reload> {
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as { firstRowAt?: number }).firstRowAt !== undefined, undefined, { timeout: 30_000 });
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      name: entry.name.replace(location.origin, ''),
      start: entry.startTime,
      end: entry.responseEnd,
    }));
    return { firstRow: (window as unknown as { firstRowAt: number }).firstRowAt, documentEnd: navigation.responseEnd, resources };
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-reload-'));
const port = await freePort();
const origin = `http://localhost:${port}`;
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, await buildServer()], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    PORTAL_ADMIN_USERNAME: ADMIN.username,
    PORTAL_ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
});
try {
  for (let ready = false; !ready; ) {
    ready = await fetch(`${origin}/readyz`).then((response) => response.ok, () => false);
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'vi-VN' });
  await page.addInitScript(watchFirstRow);
  await page.goto(`${origin}/sso-fe/${ROUTE}`);
  await page.getByLabel('Tên đăng nhập').fill(ADMIN.username);
  await page.getByLabel('Mật khẩu').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForFunction(() => (window as unknown as { firstRowAt?: number }).firstRowAt !== undefined, undefined, { timeout: 60_000 });
  // One reload of each build to warm the browser's cache as a returning user's is warm; not counted.
  await measure(page);
  swapBuilds();
  await measure(page);
  swapBuilds();
  const reloads: Reload[] = [];
  const compared: Reload[] = [];
  const load = loadavg()[0]!;
  for (let index = 0; index < RELOADS; index++) {
    reloads.push(await measure(page));
    if (!COMPARE) continue;
    swapBuilds();
    compared.push(await measure(page));
    swapBuilds();
  }
  const loadAfter = loadavg()[0]!;

  console.log(`/${ROUTE}, ${RELOADS} reloads, load average ${load.toFixed(2)} → ${loadAfter.toFixed(2)} (1 min)`);
  const summary = (name: string, runs: Reload[]) =>
    console.log(`${name}: first row after the navigation: median ${percentile(runs.map((r) => r.firstRow), 50).toFixed(0)} ms, all: ${runs.map((r) => r.firstRow.toFixed(0)).join(' ')}`);
  summary('this build', reloads);
  if (COMPARE) summary(`compared build (${COMPARE})`, compared);
  for (const [name, runs] of COMPARE ? ([['this build', reloads], ['compared build', compared]] as const) : ([['this build', reloads]] as const)) {
    const sorted = [...runs].sort((a, b) => a.firstRow - b.firstRow);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(`\n${name}, waterfall of the median reload (ms since the navigation; document until ${median.documentEnd.toFixed(0)}):`);
    for (const { name: file, start, end } of median.resources.sort((a, b) => a.start - b.start)) {
      console.log(`${start.toFixed(0).padStart(6)} ${end.toFixed(0).padStart(6)}  ${'·'.repeat(Math.round(start / 20))}${'█'.repeat(Math.max(1, Math.round((end - start) / 20)))}  ${file.slice(0, 90)}`);
    }
    console.log(`${median.firstRow.toFixed(0).padStart(6)}         first row`);
  }
} finally {
  if (swapped) swapBuilds();
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
