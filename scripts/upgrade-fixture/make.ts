/**
 * Refreshes the upgrade fixture (apps/server/test/fixtures/previous-release/): run it on each
 * release with the previous release's last commit, `node scripts/upgrade-fixture/make.ts <commit>`.
 * It starts THAT release's code (its server, migrations and demo data, from git) on a
 * PostgreSQL server of its own, signs two accounts in, and dumps the database as SQL.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startOwnPostgres } from '../../apps/server/test/own-services.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const commit = process.argv[2];
if (!commit) throw new Error('usage: node scripts/upgrade-fixture/make.ts <commit of the previous release>');
const fixtureDir = join(root, 'apps/server/test/fixtures/previous-release');

const tree = await mkdtemp(join(tmpdir(), 'portal-previous-'));
const postgres = await startOwnPostgres();
try {
  // That release's server and contracts; the current dependencies (a release's lock file
  // changes rarely), with @portal/contracts pointing at that release's own.
  await run('sh', ['-c', `git -C "${root}" archive ${commit} apps/server packages/contracts package.json | tar -x -C "${tree}"`]);
  await mkdir(join(tree, 'node_modules/@portal'), { recursive: true });
  for (const entry of await readdir(join(root, 'node_modules'))) {
    if (entry !== '@portal') await symlink(join(root, 'node_modules', entry), join(tree, 'node_modules', entry));
  }
  await symlink(join(tree, 'packages/contracts'), join(tree, 'node_modules/@portal/contracts'));
  await cp(join(import.meta.dirname, 'seed-previous.ts'), join(tree, 'apps/server/test/seed-previous.ts'));

  const { stdout } = await run(process.execPath, ['apps/server/test/seed-previous.ts'], {
    cwd: tree,
    env: { ...process.env, TEST_DATABASE_URL: postgres.url },
    maxBuffer: 16 * 1024 * 1024,
  });
  const seeded = JSON.parse(stdout.trim().split('\n').at(-1)!) as { database: string; admin: object; user: object };
  const url = new URL(postgres.url);
  url.pathname = `/${seeded.database}`;
  const { stdout: dump } = await run(join(process.env.TEST_PG_BIN ?? '/usr/lib/postgresql/15/bin', 'pg_dump'), ['--inserts', '--no-owner', '--no-privileges', '--no-comments', '-d', url.toString()], {
    maxBuffer: 256 * 1024 * 1024,
  });
  // The dump empties search_path for its session; loaders run it on connections they reuse.
  const sql = dump
    .split('\n')
    .filter((line) => !line.startsWith("SELECT pg_catalog.set_config('search_path'") && !line.startsWith('\\'))
    .join('\n');
  await mkdir(fixtureDir, { recursive: true });
  await writeFile(join(fixtureDir, 'dump.sql'), sql);
  await writeFile(join(fixtureDir, 'release.json'), `${JSON.stringify({ commit, madeAt: new Date().toISOString(), admin: seeded.admin, user: seeded.user }, null, 2)}\n`);
  console.log(`upgrade fixture of ${commit}: ${(sql.length / 1024).toFixed(0)} KiB of SQL in ${fixtureDir}`);
} finally {
  await postgres.destroy();
  await rm(tree, { recursive: true, force: true });
}
