import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { ADMIN } from './support/accounts.ts';

// Workers re-read this file: values chosen here travel to them through the environment.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const port = process.env.E2E_PORT;
// The SMTP server and the sample app of global-setup.ts, and where received mail is written.
process.env.E2E_SMTP_PORT ??= String(Number(port) + 1);
process.env.E2E_APP_PORT ??= String(Number(port) + 2);
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-mail-'));

export default defineConfig({
  testDir: './specs',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // The CI machine's speed varies by half from one run to the next (the same suite took 8 and
  // 18 minutes): a test's own limit and each expectation's leave room for the slow runs.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'line' : 'list',
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: `http://localhost:${port}/sso-fe/`,
    locale: 'vi-VN',
    // DOM snapshots of each step are kept for a failed test; the screencast's frames are not (on two
    // cores, encoding them slowed every test by a fifth).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
    },
  },
  webServer: {
    // The compiled server, as `npm start` runs it; built here too, so a run after a server
    // change alone (without `npm run build`) tests that change.
    command: 'node ../apps/server/build.ts && node support/prepare-portal.ts && node --max-semi-space-size=4 --initial-old-space-size=48 --heap-growing-percent=20 --liftoff-only ../apps/server/dist/main.js',
    url: `http://localhost:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: process.env.E2E_DATA_DIR,
      PORTAL_ADMIN_USERNAME: ADMIN.username,
      PORTAL_ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      // The sample app listens on loopback (SCIM at 127.0.0.1, back-channel logout at localhost).
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1,localhost',
      E2E_APP_PORT: process.env.E2E_APP_PORT,
    },
  },
});
