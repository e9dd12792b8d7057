import { resolve } from 'node:path';
import { buildApp } from './app.ts';
import { prepareDatabase } from './bootstrap/index.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { loadProviderKeys } from './identity/keys.ts';
import { startMetricsServer } from './platform/metrics/metrics-routes.ts';
import { drain } from './platform/shutdown.ts';

/** Start-up: config → database → migrations and seed → keys → listen. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // Where a start's time goes, logged once listening: a restart should answer within seconds.
  const startedAt = performance.now();
  const phases: Record<string, number> = {};
  const phase = (name: string) => (phases[name] = Math.round(performance.now() - startedAt));
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: resolve(config.dataDir) });
  } catch (error) {
    const where = config.databaseUrl ? 'the PostgreSQL server of DATABASE_URL' : `the embedded database in ${config.dataDir}`;
    fail(`Cannot open ${where}: ${(error as Error).message}`);
  }

  phase('databaseOpen');
  const prepared = await prepareDatabase(database, config);
  phase('databasePrepared');
  const keys = await loadProviderKeys(database.db);
  const app = await buildApp({ config, database, keys });
  phase('appBuilt');
  await app.listen({ port: config.port, host: process.env.HOST ?? '0.0.0.0' });
  phase('listening');
  app.log.info({ startupMs: phases, sinceProcessStartMs: Math.round(performance.now()) }, 'started');
  const metricsServer = config.metricsPort === undefined ? undefined : await startMetricsServer(app.portal.metrics, { port: config.metricsPort, host: config.metricsHost });
  if (metricsServer) console.log(`Metrics: http://${config.metricsHost}:${config.metricsPort}/metrics`);

  console.log(`SSO portal: ${config.publicUrl}/sso-fe/  (database: ${database.kind === 'pglite' ? resolve(config.dataDir) : 'PostgreSQL'})`);
  if (prepared.admin?.generatedPassword) {
    console.log(`Platform administrator created: username "${prepared.admin.username}", password "${prepared.admin.generatedPassword}"`);
    console.log('This password is shown only once; change it after signing in.');
  }
  if (prepared.demo) {
    console.log(`Demo data seeded: unit administrators ${prepared.demo.unitAdmins.join(', ')}, agency agents ${prepared.demo.agents.join(', ')} (password "${prepared.demo.password}")`);
  }

  const shutdown = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    // Drain first (readiness 503 for SHUTDOWN_DRAIN_MS, then no new connection, live
    // connections closed with 1012, the requests in flight finish), then app.close() stops the
    // workers (which give back the leases of rows they had not started) and the database;
    // SHUTDOWN_GRACE_MS past the drain, exit regardless.
    setTimeout(() => {
      console.error(`${signal}: requests still in flight after SHUTDOWN_GRACE_MS (${config.shutdownGraceMs} ms); exiting`);
      process.exit(1);
    }, config.shutdownDrainMs + config.shutdownGraceMs).unref();
    await drain(app, () => app.portal.realtime.closeForRestart(), config.shutdownDrainMs);
    await metricsServer?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

await main();
