import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { prepareDatabase } from '../src/bootstrap/index.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { loadProviderKeys } from '../src/identity/keys.ts';
import type { Clock } from '../src/platform/clock.ts';
import { freshDatabase, type DatabaseKind, type DatabaseTarget } from './databases.ts';

export const TEST_ADMIN = { username: 'admin', password: 'Test#Admin2026', email: 'admin@example.com' } as const;
export const DEMO_UNIT_ADMIN = { username: 'admin.minhphat', password: 'Demo@2026' } as const;
export const DEMO_UNIT_USER = { username: 'binh.minhphat', password: 'Demo@2026' } as const;
export const TEST_PUBLIC_URL = 'http://portal.test';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** A second instance of the same portal: same database, configuration and keys, its own app. */
  anotherInstance: () => Promise<{ app: FastifyInstance; close: () => Promise<void> }>;
  close: () => Promise<void>;
}

/** What a test may change besides the environment: the server's clock, to let time pass at once. */
export interface TestAppOptions {
  clock?: Clock;
  /** A built web app to serve (none by default). */
  webRoot?: string;
  /** Captures the log lines (the app logs at LOG_LEVEL, silent unless the test's env says). */
  logStream?: { write(line: string): void };
}

/** The real app on a fresh database of `kind`, seeded as on first start (with demo data). */
export async function startTestApp(kind: DatabaseKind, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  return startTestAppOn(await freshDatabase(kind), env, options);
}

/** The same on a database of the caller's (fault tests bring their own PostgreSQL server). */
export async function startTestAppOn(target: DatabaseTarget, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await target.open();
  const config = loadConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    PORTAL_ADMIN_USERNAME: TEST_ADMIN.username,
    PORTAL_ADMIN_PASSWORD: TEST_ADMIN.password,
    DEMO_DATA: '1',
    LOG_LEVEL: 'silent',
    // The tests' SCIM and logout apps listen on loopback, which the outbound guard refuses unless named.
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    ...env,
  });
  await prepareDatabase(database, config);
  const keys = await loadProviderKeys(database.db);
  const app = await buildApp({ config, database, keys, webRoot: '/nonexistent', ...options });
  await app.ready();
  return {
    app,
    database,
    config,
    anotherInstance: async () => {
      const other = await target.open();
      const second = await buildApp({ config, database: other, keys, webRoot: '/nonexistent', ...options });
      await second.ready();
      return {
        app: second,
        close: async () => {
          await second.close();
          await other.close();
        },
      };
    },
    close: async () => {
      await app.close();
      await database.close();
      await target.drop();
    },
  };
}
