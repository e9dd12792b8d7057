import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';

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

export const DATABASE_KINDS: DatabaseKind[] = (await postgresAnswers()) ? ['pglite', 'postgres'] : ['pglite'];

/** A database to run the portal on: `open` gives a handle (one per instance), `drop` removes it. */
export interface DatabaseTarget {
  url?: string;
  open: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
}

/** A fresh, empty database of that kind; `drop` removes it again. */
export async function freshDatabase(kind: DatabaseKind, server = serverUrl): Promise<DatabaseTarget> {
  if (kind === 'pglite') {
    return { open: () => openDatabase({ dataDir: 'memory://' }), drop: async () => {} };
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
