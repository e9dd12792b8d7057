import type pg from 'pg';

type PoolClient = pg.PoolClient & { _queryable?: boolean };

/**
 * Gives a lost connection back to the pool even when its borrower does not. Drizzle's
 * transaction borrows a client and sends `begin` before its try/finally: if the database goes
 * away at that moment the client is never released, and after `max` such losses the pool is
 * empty for good (every request then times out). Here a borrowed client is released, with its
 * error so the pool discards it, as soon as its connection is lost or a query finds it dead;
 * a later release by the borrower is then ignored.
 */
export function releaseLostConnections(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;
  const guarded = (async () => {
    const client = await connect();
    const release = client.release.bind(client);
    const query = client.query;
    let released = false;
    const releaseOnce = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('error', onLost);
      client.query = query;
      // `client.release` stays this function until the pool lends the client again and
      // installs its own: the borrower's late release must not be a second one.
      release(error);
    };
    const onLost = (error: Error) => releaseOnce(error);
    client.on('error', onLost);
    client.release = releaseOnce;
    client.query = function (this: PoolClient, ...args: unknown[]) {
      const result = (query as (...a: unknown[]) => unknown).apply(client, args);
      if (result instanceof Promise) {
        result.catch((error: Error) => {
          if (client._queryable === false) releaseOnce(error);
        });
      }
      return result;
    } as typeof client.query;
    return client;
  }) as unknown as typeof pool.connect;
  // pg-pool's own `pool.query` borrows through the callback form and releases itself.
  pool.connect = ((callback?: unknown) => (typeof callback === 'function' ? (connect as unknown as (cb: unknown) => void)(callback) : guarded())) as typeof pool.connect;
}
