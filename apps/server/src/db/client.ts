import { mkdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pgliteForDrizzle } from './pglite-queries.ts';
import { listenOnPglite, listenOnPostgres, type ChannelHandlers, type StopListening } from './notifications.ts';
import { releaseLostConnections } from './pool-guard.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; it offers the same queries as the database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction, for data access that can join the caller's transaction. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs `work` while holding a cluster-wide lock, so concurrent instances take turns. */
  withExclusiveLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  /** Hears the NOTIFY messages of `channel`, from every instance on this database. */
  listen(channel: string, handlers: ChannelHandlers): Promise<StopListening>;
  /** The pool's connections now (PostgreSQL only: PGlite is one in-process connection). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent, PGlite is used. */
  url?: string | undefined;
  /** PGlite's data directory; `memory://` keeps everything in memory (tests). */
  dataDir?: string;
  /** A PGlite data directory dumped earlier (`dumpDataDir`), loaded instead of running initdb. */
  startFrom?: Blob | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options.dataDir ?? 'memory://', options.startFrom);
}

/**
 * The embedded database's memory settings (docs/decisions.md, 2026-11-27): its WebAssembly
 * memory only grows, so what its caches may take is what the process keeps. A one-process
 * server with one connection needs PostgreSQL's defaults for a shared server in none of them.
 * The larger part of its memory was V8's compiled code, not these: the server runs with
 * `--liftoff-only` (package.json; "PGlite's memory: where it goes").
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'work_mem=2MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB', 'wal_buffers=1MB'];

async function openPglite(dataDir: string, startFrom: Blob | undefined): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  // Loaded only here: a server on PostgreSQL never carries the embedded database.
  const [pglite, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  // pg_trgm: the users' keyword index (migration 0014), as on a PostgreSQL server.
  const client = await pglite.PGlite.create(dataDir, {
    extensions: { pg_trgm },
    startParams: [...pglite.PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    ...(startFrom ? { loadDataDir: startFrom } : {}),
  });
  const db = drizzlePglite({ client: pgliteForDrizzle(client, pglite) as unknown as typeof client, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // One embedded database belongs to one process: there is nobody to take turns with.
    withExclusiveLock: (_key, work) => work(),
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
    close: () => client.close(),
  };
}

const CONNECT_TIMEOUT_MS = 2000;

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  // A request waits at most CONNECT_TIMEOUT_MS for a connection, so while the database is
  // away requests fail fast (503) instead of hanging; once it is back, new connections work.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  // An idle connection the server dropped (restart, failover) is discarded by the pool and
  // replaced on demand; without a listener the event would crash the process.
  pool.on('error', (error) => console.error(`PostgreSQL: an idle connection was lost (${error.message})`));
  // A connection checked out between two queries of a transaction has no pool listener: its
  // loss would be an uncaught error ending the process. The transaction's next query fails
  // instead (503), and the pool discards the dead connection when it is released.
  pool.on('connect', (client) => client.on('error', (error) => console.error(`PostgreSQL: a connection in use was lost (${error.message})`)));
  releaseLostConnections(pool);
  // Fail at start-up, with the server's own message, rather than on the first request.
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    async withExclusiveLock(key, work) {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [key]);
        try {
          return await work();
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        connection.release();
      }
    },
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** True when the database answers a trivial query. */
export async function isReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
