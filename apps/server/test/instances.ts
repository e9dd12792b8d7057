import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startOwnPostgres, startOwnRedis, type OwnPostgres, type OwnRedis } from './own-services.ts';
import { TEST_ADMIN, TEST_PUBLIC_URL } from './test-app.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
/**
 * The V8 flags `npm start` runs the server with (package.json; docs/decisions.md, "Performance"):
 * a young generation of 4 MiB semi-spaces instead of V8's default, which on a large machine let
 * the heap grow to ~300 MiB of resident memory for ~40 MiB of live objects; and an old
 * generation that is first collected at 48 MiB and then grows by 20 % of what lives, instead of
 * doubling while under load (~20 MiB less resident after the bench's short load). And the
 * embedded database's WebAssembly compiled by V8's baseline compiler only (docs/decisions.md,
 * "PGlite's memory"): recompiling its hot functions with the optimising compiler took ~450 MiB
 * for a while under the first load (a peak of ~750 MiB).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--initial-old-space-size=48', '--heap-growing-percent=20', '--liftoff-only'];

/**
 * Collects what a spawned server writes and waits until its /readyz answers 200, asking every
 * `everyMs`; throws, with that output, when the process exits first or is not ready in time.
 */
export async function whenReady(child: ChildProcess, url: string, options: { what: string; everyMs: number; withinMs?: number }): Promise<{ output: () => string }> {
  const { what, everyMs, withinMs = 120_000 } = options;
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = performance.now() + withinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}: ${output}`);
    if (await fetch(`${url}/readyz`).then((answer) => answer.status === 200, () => false)) return { output: () => output };
    if (performance.now() > deadline) throw new Error(`${what} was not ready within ${withinMs / 1000} s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A portal instance in a process of its own, as in production: it can be killed outright. */
export interface Instance {
  pid: number;
  port: number;
  url: string;
  /** SIGKILL: no shutdown hook runs, open connections are cut. */
  kill(): Promise<void>;
  /** SIGTERM, as an orchestrator's rolling update: answers the exit code (0: drained and closed within SHUTDOWN_GRACE_MS). */
  stop(): Promise<number | null>;
  /** What the process wrote (stdout and stderr) so far. */
  output(): string;
}

/**
 * `main`: the module to run; the sources by default (tests see every change without a build),
 * the compiled server (apps/server/build.ts) where its own figures count, as in the bench.
 */
export async function startInstance(env: Record<string, string>, main = MAIN): Promise<Instance> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: TEST_PUBLIC_URL,
      PORTAL_ADMIN_USERNAME: TEST_ADMIN.username,
      PORTAL_ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: 'error',
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const { output } = await whenReady(child, url, { what: 'the instance', everyMs: 200 });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
    return child.exitCode;
  };
  return {
    pid: child.pid!,
    port,
    url,
    kill: async () => {
      await end('SIGKILL');
    },
    stop: () => end('SIGTERM'),
    output,
  };
}

/** Two portal processes on a PostgreSQL and a Redis of their own, and the test's own connections to that database. */
export interface InstancePair {
  postgres: OwnPostgres;
  redis: OwnRedis;
  instances: [Instance, Instance];
  /** A pool: a test may ask several things at once (one client would queue them, which pg 9 refuses). */
  database: pg.Pool;
  /** Stops what is still running and removes the servers' files. */
  close(): Promise<void>;
}

/** `env` is added to each instance's (the database and Redis are set here). */
export async function startInstancePair(env: Record<string, string> = {}): Promise<InstancePair> {
  const [postgres, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
  const shared = { DATABASE_URL: postgres.url, REDIS_URL: redis.url, ...env };
  // Started together: the migrations' advisory lock makes them take turns.
  const instances = (await Promise.all([startInstance(shared), startInstance(shared)])) as [Instance, Instance];
  const database = new pg.Pool({ connectionString: postgres.url, max: 4 });
  return {
    postgres,
    redis,
    instances,
    database,
    async close() {
      await database.end();
      await Promise.all(instances.map((instance) => instance.stop()));
      await redis.destroy();
      await postgres.destroy();
    },
  };
}

/**
 * A layer-4 load balancer, as HAProxy in TCP mode: each new connection goes to the next
 * instance in turn; an instance that refuses the connection is skipped (the client never
 * reached it, so nothing is lost by trying the next). A connection cut by a dying instance is
 * cut for the client too, which must retry, as behind any real balancer.
 */
export interface Balancer {
  port: number;
  url: string;
  /** The instances new connections go to from now on (a rolling update swaps one for its replacement). */
  setTargets(ports: readonly number[]): void;
  close(): Promise<void>;
}

/**
 * `healthCheckMs`: asks each instance's /readyz that often, as HAProxy's `check` does, and
 * sends new connections only to those whose last answer was 200 (to all, if none is).
 */
export async function startBalancer(initialTargets: readonly number[], options: { healthCheckMs?: number } = {}): Promise<Balancer> {
  let targets = [...initialTargets];
  let turn = 0;
  const open = new Set<Socket>();
  const down = new Set<number>();
  let checking: NodeJS.Timeout | undefined;
  if (options.healthCheckMs) {
    let inCheck = false;
    checking = setInterval(() => {
      if (inCheck) return;
      inCheck = true;
      void Promise.all(
        targets.map(async (port) => {
          const ready = await fetch(`http://127.0.0.1:${port}/readyz`, { headers: { connection: 'close' } }).then((answer) => answer.ok, () => false);
          if (ready) down.delete(port);
          else down.add(port);
        }),
      ).finally(() => (inCheck = false));
    }, options.healthCheckMs);
  }
  const connectTo = (client: Socket, tries: number) => {
    const up = targets.filter((candidate) => !down.has(candidate));
    const candidates = up.length > 0 ? up : targets;
    const port = candidates[turn++ % candidates.length]!;
    const upstream = connect(port, '127.0.0.1');
    const refused = (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && tries < targets.length) connectTo(client, tries + 1);
      else client.destroy();
    };
    upstream.once('error', refused);
    upstream.once('connect', () => {
      upstream.off('error', refused);
      upstream.on('error', () => client.destroy());
      open.add(upstream);
      upstream.once('close', () => {
        open.delete(upstream);
        client.destroy();
      });
      client.once('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
      client.resume();
    });
  };
  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    client.on('error', () => {});
    open.add(client);
    client.once('close', () => open.delete(client));
    connectTo(client, 1);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    setTargets: (ports) => {
      targets = [...ports];
    },
    close: async () => {
      clearInterval(checking);
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What a test client reads of an answer: what `inject` would give. */
export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json(): unknown;
}

/**
 * `inject` over real HTTP: test clients written for `app.inject` (the OIDC test browser) drive
 * real processes with it. One new connection a request by default, so a balancer spreads them;
 * `keepAlive` reuses connections as a browser does (the bench's clients). A connection cut
 * before the answer rejects, as a browser's network error.
 */
export function httpInjector(baseUrl: string, extraHeaders: () => Record<string, string> = () => ({}), { keepAlive = false } = {}) {
  const { hostname, port } = new URL(baseUrl);
  const agent = keepAlive ? new HttpAgent({ keepAlive: true }) : false;
  return {
    inject(options: { method?: string; url: string; headers?: Record<string, string>; payload?: string | object }): Promise<HttpAnswer> {
      const payload = typeof options.payload === 'object' ? JSON.stringify(options.payload) : options.payload;
      const headers = { ...(typeof options.payload === 'object' ? { 'content-type': 'application/json' } : {}), ...extraHeaders(), ...options.headers };
      return new Promise((resolve, reject) => {
        const request = httpRequest({ host: hostname, port, method: options.method ?? 'GET', path: options.url, headers, agent }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ statusCode: response.statusCode!, headers: response.headers, body, json: () => JSON.parse(body) }));
          response.on('error', reject);
        });
        request.on('error', reject);
        request.end(payload);
      });
    },
  };
}
