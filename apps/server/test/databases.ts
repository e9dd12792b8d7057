import { randomBytes } from 'node:crypto';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { availableOrFailInCi } from './required-services.ts';

/**
 * The databases API tests run against: embedded PGlite always, and a PostgreSQL server when
 * one answers (DATABASE_URL, or the local server on 127.0.0.1:5432).
 */
export type DatabaseKind = 'pglite' | 'postgres';

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export const DATABASE_KINDS: DatabaseKind[] = availableOrFailInCi(await postgresAnswers(), `PostgreSQL does not answer at ${new URL(serverUrl).host}`)
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A database to run the portal on: `open` gives a handle (one per instance), `drop` removes it. */
export interface DatabaseTarget {
  url?: string;
  open: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
}

/**
 * An empty PGlite data directory, as initdb leaves it, made once per machine and PGlite build
 * and kept in the system's temporary directory: initdb costs ~3 s of every fresh embedded
 * database, loading its dump ~1 s, and the API tests open over a hundred. Two test workers may
 * make it at once: each writes a file of its own and renames it into place. Read once per
 * worker (the test files of a worker share this module: vitest.config.ts).
 */
let emptyPgliteDump: Promise<Blob> | undefined;

function emptyPgliteDataDir(): Promise<Blob> {
  emptyPgliteDump ??= keptOrNewPgliteDump();
  return emptyPgliteDump;
}

async function keptOrNewPgliteDump(): Promise<Blob> {
  const build = await stat(fileURLToPath(import.meta.resolve('@electric-sql/pglite/pglite.data')));
  const file = join(tmpdir(), `portal-test-pglite-${build.size}-${Math.trunc(build.mtimeMs)}.tar`);
  const kept = await readFile(file).catch(() => undefined);
  if (kept) return new Blob([kept]);
  const { PGlite } = await import('@electric-sql/pglite');
  const fresh = await PGlite.create('memory://');
  const dump = await fresh.dumpDataDir('none');
  await fresh.close();
  const ownCopy = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(ownCopy, new Uint8Array(await dump.arrayBuffer()));
  await rename(ownCopy, file);
  return dump;
}

/** A fresh, empty database of that kind; `drop` removes it again. */
export async function freshDatabase(kind: DatabaseKind, server = serverUrl): Promise<DatabaseTarget> {
  if (kind === 'pglite') {
    const startFrom = await emptyPgliteDataDir();
    return { open: () => openDatabase({ dataDir: 'memory://', startFrom }), drop: async () => {} };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: () => openDatabase({ url: url.toString(), poolSize: 5 }),
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Fresh databases for one test file, dropped after each test: `open(kind)` gives a migrated-
 * nothing database handle and a way to open more handles (instances) on the same database.
 */
export function disposableDatabases() {
  const cleanups: (() => Promise<void>)[] = [];
  return {
    async create(kind: DatabaseKind) {
      const target = await freshDatabase(kind);
      cleanups.push(target.drop);
      const open = async () => {
        const handle = await target.open();
        cleanups.push(() => handle.close());
        return handle;
      };
      return { open };
    },
    async cleanup() {
      while (cleanups.length) await cleanups.pop()!();
    },
  };
}
