import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { availableOrFailInCi } from './required-services.ts';

/**
 * A PostgreSQL server and a Redis server of a test's own, on free ports in a temporary
 * directory: fault tests stop and restart them, which they must never do to the shared
 * 127.0.0.1:5432 and :6379 services other tests use.
 */

const run = promisify(execFile);
const PG_BIN = process.env.TEST_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const REDIS_SERVER = process.env.TEST_REDIS_SERVER ?? '/usr/bin/redis-server';

export const OWN_POSTGRES_AVAILABLE = availableOrFailInCi(existsSync(join(PG_BIN, 'initdb')), `PostgreSQL's programs are not in ${PG_BIN} (TEST_PG_BIN)`);
export const OWN_REDIS_AVAILABLE = availableOrFailInCi(existsSync(REDIS_SERVER), `${REDIS_SERVER} does not exist (TEST_REDIS_SERVER)`);

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
const AS_ROOT = process.getuid?.() === 0;

function pgCommand(program: string, args: string[]): [string, string[]] {
  return AS_ROOT ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, program), ...args]] : [join(PG_BIN, program), args];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface OwnPostgres {
  /** postgres://…/postgres on this server. */
  url: string;
  port: number;
  /** Fast shutdown: open connections are cut, as in a crash or failover. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its files. */
  destroy(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-pg-'));
  if (AS_ROOT) {
    await chmod(dir, 0o755);
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const data = join(dir, 'data');
  const port = await freePort();
  await run(...pgCommand('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']));
  // Durability is not what these tests measure; fsync off keeps them fast on a busy machine.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
  const ctl = (...args: string[]) => run(...pgCommand('pg_ctl', ['-D', data, '-w', '-t', '30', ...args]));
  const start = async () => void (await ctl('-o', options, '-l', join(dir, 'log'), 'start'));
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: async () => void (await ctl('-m', 'fast', 'stop')),
    destroy: async () => {
      await ctl('-m', 'immediate', 'stop').catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      child!.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
    });
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, destroy: stop };
}
