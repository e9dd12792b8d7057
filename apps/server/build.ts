/**
 * The server as compiled JavaScript (`npm run build`; `npm start`, the bench and the browser
 * tests run it): one ES module, dist/main.js, holding the server's and the contracts' sources.
 * Running the .ts sources directly makes Node load its type stripper (amaro, WebAssembly),
 * ~17 MiB of resident memory for the life of the process (docs/decisions.md, "Performance").
 * Packages from node_modules stay outside the bundle and load as they are, so native modules
 * (argon2) and packages that find their own files (PGlite's WebAssembly) work unchanged.
 * `npm run dev` and the tests keep running the sources.
 */
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const DIST = here('./dist');
const MIGRATIONS = here('./src/db/migrations');

export async function buildServer(): Promise<string> {
  rmSync(DIST, { recursive: true, force: true });
  await build({
    entryPoints: [here('./src/main.ts')],
    outfile: `${DIST}/main.js`,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        // Every package import stays an import, except the workspace's own TypeScript packages.
        name: 'packages-stay-external',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  // db/migrate.ts reads './migrations' beside its module, which is now dist/main.js. The
  // migrator needs the SQL files and the journal only, not drizzle-kit's snapshots.
  cpSync(MIGRATIONS, `${DIST}/migrations`, { recursive: true, filter: (path) => !path.endsWith('_snapshot.json') });
  return `${DIST}/main.js`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
