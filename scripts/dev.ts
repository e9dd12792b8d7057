/**
 * `npm run dev`: the API server restarting on change, and Vite's dev server with hot reload
 * in front of it. Open http://localhost:5173/sso-fe/ — Vite proxies /api, /oidc and
 * /realtime to the server, and PUBLIC_URL points at Vite so sign-in comes back there.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const DEV_URL = 'http://localhost:5173';
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string> = {}): void {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    if (code !== null && code !== 0) stop(code);
  });
  children.push(child);
}

function stop(code = 0): never {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}

process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());

run(process.execPath, ['--watch-path=apps/server/src', '--watch-path=packages/contracts/src', 'apps/server/src/main.ts'], {
  PUBLIC_URL: process.env.PUBLIC_URL ?? DEV_URL,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
});
run('npm', ['run', 'dev', '-w', '@portal/web']);
console.log(`Portal (dev): ${DEV_URL}/sso-fe/`);
