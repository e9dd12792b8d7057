import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

/**
 * The types drizzle reads as text and converts itself: timestamps, dates, intervals, and the
 * arrays of those and of numerics. Its PGlite driver hands PGlite these parsers with every
 * query (drizzle-orm/pglite/session.js).
 */
const READ_AS_TEXT = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

/** What drizzle asks of a PGlite client, and the upgrade test of its `exec`. */
export interface PgliteQueries {
  query: Transaction['query'];
  exec: Transaction['exec'];
  transaction: <T>(work: (tx: PgliteQueries) => Promise<T>) => Promise<T>;
}

/**
 * The client drizzle is given on PGlite: drizzle's parsers set once on the database, and its
 * queries sent without them. Given parsers with a query, PGlite copies its table of some 300
 * (every type and its array) to merge them in: ~0.1 ms, a third of a simple query's time and
 * 2 ms of a sign-in's ~20 queries. The rows are the same.
 */
export function pgliteForDrizzle(client: PGlite): PgliteQueries {
  const asText = (value: string) => value;
  // After PGlite's start, which sets a parser for every array type.
  for (const type of READ_AS_TEXT) client.parsers[type] = asText;
  return withoutOwnParsers(client);
}

function withoutOwnParsers(client: PGlite | Transaction): PgliteQueries {
  const plain = (options: QueryOptions | undefined) => options && { ...options, parsers: undefined };
  return {
    query: (text, params, options) => client.query(text, params, plain(options)),
    exec: (text, options) => client.exec(text, plain(options)),
    transaction: (work) => {
      // drizzle nests transactions with savepoints on the same handle, never by a second begin.
      if (!('transaction' in client)) throw new Error('PGlite has no transaction within a transaction');
      return client.transaction((tx) => work(withoutOwnParsers(tx)));
    },
  };
}
