import type { parse, PGlite, protocol, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** What this module uses of PGlite's package, handed in: a server on PostgreSQL never loads it. */
export interface PgliteModule {
  protocol: typeof protocol;
  parse: typeof parse;
}
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * The types drizzle reads as text and converts itself: timestamps, dates, intervals, and the
 * arrays of those and of numerics. Its PGlite driver hands PGlite these parsers with every
 * query (drizzle-orm/pglite/session.js).
 */
const READ_AS_TEXT = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

/** Statements kept prepared: the queries a server runs again and again (DDL and one-offs are not). */
const KEPT_STATEMENTS = 500;
const KEEPABLE = /^\s*(select|insert|update|delete|with)\b/i;
const KEEPABLE_LENGTH = 8192;

/** What drizzle asks of a PGlite client, and the upgrade test of its `exec`. */
export interface PgliteQueries {
  query: Transaction['query'];
  exec: Transaction['exec'];
  transaction: <T>(work: (tx: PgliteQueries) => Promise<T>) => Promise<T>;
}

/**
 * The client drizzle is given on PGlite. Measured per simple select: 186–208 µs through
 * PGlite's `query`, which parses and plans the text every time, copies its 318 parsers to merge
 * in the ones drizzle hands it, and makes six calls into the database; ~60 µs here, where a
 * query the server runs again is a statement prepared once, run in one call, and drizzle's
 * parsers are set on the database once. Rows, errors and locking are PGlite's own.
 *
 * It calls PGlite's private `_checkReady`, `_runExclusiveQuery` and `_runExclusiveTransaction`,
 * so apps/server/package.json pins `@electric-sql/pglite` to one exact release. Upgrading it is
 * gated by this driver's tests (pglite-queries.test.ts: values, refusals, transactions, closing,
 * the statements' limit) and then the whole suite on PGlite: bump the pin only when they pass.
 */
export function pgliteForDrizzle(client: PGlite, pglite: PgliteModule): PgliteQueries {
  const asText = (value: string) => value;
  // After PGlite's start, which sets a parser for every array type.
  for (const type of READ_AS_TEXT) client.parsers[type] = asText;
  const statements = statementsOf(client, pglite);
  const queries = (inTransaction: boolean): PgliteQueries => ({
    query: async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
      // Refused once the database is closed, as PGlite's own query is.
      await client._checkReady();
      // A transaction holds PGlite's transaction lock already; a query alone waits for it, as PGlite's does.
      if (inTransaction) return client._runExclusiveQuery(() => statements.run<T>(text, params, options));
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const results = await statements.run<T>(text, params, options);
          await client.syncToFs();
          return results;
        }),
      );
    },
    exec: (text, options) => client.exec(text, options && { ...options, parsers: undefined }),
    transaction: (work) => {
      // drizzle nests transactions with savepoints on the same handle, never by a second begin.
      if (inTransaction) throw new Error('PGlite has no transaction within a transaction');
      return client.transaction(() => work(queries(true)));
    },
  });
  return queries(false);
}

/** A database session's prepared statements are its own, however many clients wrap it. */
const sessions = new WeakMap<PGlite, PreparedStatements>();
function statementsOf(client: PGlite, pglite: PgliteModule): PreparedStatements {
  let statements = sessions.get(client);
  if (!statements) sessions.set(client, (statements = new PreparedStatements(client, pglite)));
  return statements;
}

/** The statements of one PGlite database (one session): each text prepared once, under a name. */
class PreparedStatements {
  private readonly kept = new Map<string, { name: string; paramTypes: number[] }>();
  private readonly toClose: string[] = [];
  private named = 0;
  private readonly client: PGlite;
  private readonly pglite: PgliteModule;

  constructor(client: PGlite, pglite: PgliteModule) {
    this.client = client;
    this.pglite = pglite;
  }

  /** Runs one query; the caller holds PGlite's query lock. */
  async run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const { serialize } = this.pglite.protocol;
    const statement = this.kept.get(text) ?? (await this.prepare(text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.client.serializers[statement.paramTypes[i]!];
      return serializer ? (serializer(value) as string) : String(value);
    });
    const closing = this.toClose.splice(0).map((name) => serialize.close({ type: 'S', name }));
    const answer = await this.send([...closing, serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
    const failure = this.refusalIn(answer);
    if (failure) {
      // A kept statement whose table changed shape since ("cached plan must not change result type") is made anew next time.
      if (statement.name && failure.code === '0A000') this.forget(text);
      throw Object.assign(failure, { query: text, params, queryOptions: options });
    }
    return this.pglite.parse.parseResults(answer, this.client.parsers, options && { ...options, parsers: undefined })[0] as Results<T>;
  }

  private async prepare(text: string): Promise<{ name: string; paramTypes: number[] }> {
    const { serialize } = this.pglite.protocol;
    const keep = KEEPABLE.test(text) && text.length <= KEEPABLE_LENGTH;
    const name = keep ? `portal_${++this.named}` : '';
    const described = await this.send([serialize.parse({ name, text }), serialize.describe({ type: 'S', name })]);
    const failure = this.refusalIn(described);
    if (failure) {
      // The database skips what follows an error until a sync.
      await this.send([serialize.sync()]);
      throw Object.assign(failure, { query: text });
    }
    const parameters = described.find((message) => message.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const statement = { name, paramTypes: parameters?.dataTypeIDs ?? [] };
    if (keep) {
      this.kept.set(text, statement);
      // The oldest kept statement makes room (closed with the next query).
      if (this.kept.size > KEPT_STATEMENTS) this.forget(this.kept.keys().next().value!);
    }
    return statement;
  }

  private forget(text: string): void {
    const statement = this.kept.get(text);
    if (!statement) return;
    this.kept.delete(text);
    this.toClose.push(statement.name);
  }

  /** The database's refusal among its answers (the error message PGlite's own query throws). */
  private refusalIn(messages: BackendMessage[]) {
    return messages.find((message) => message instanceof this.pglite.protocol.messages.DatabaseError);
  }

  /** Sends the messages in one call into the database; refusals come back among the answers. */
  private send(messages: Uint8Array[]): Promise<BackendMessage[]> {
    return this.client.execProtocolStream(Buffer.concat(messages), { syncToFs: false, throwOnError: false });
  }
}
