/**
 * The server as compiled JavaScript (`npm run build`; `npm start`, the bench and the browser
 * tests run it): one ES module, dist/main.js, holding the server's and the contracts' sources.
 * Running the .ts sources directly makes Node load its type stripper (amaro, WebAssembly),
 * ~17 MiB of resident memory for the life of the process (docs/decisions.md, "Performance").
 * Packages from node_modules stay outside the bundle and load as they are, so native modules
 * (argon2) and packages that find their own files (PGlite's WebAssembly) work unchanged.
 * `npm run dev` and the tests keep running the sources.
 */
import { cpSync, rmSync, writeFileSync } from 'node:fs';
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
  writeFileSync(`${DIST}/start.js`, START);
  return `${DIST}/main.js`;
}

/**
 * dist/start.js, what `npm start` runs: Node's module compile cache turned on before the server
 * and its packages load. Loading them (hundreds of modules: drizzle, oidc-provider, Fastify …)
 * was the largest part of a restart, 2.3–4 s on this machine under load; with the code V8
 * compiled at the last start kept on disk, ~1.1 s (docs/decisions.md, "Restarts in seconds").
 * It must run before the server's static imports are compiled, hence a module of its own that
 * imports the server afterwards. The cache is NODE_COMPILE_CACHE's folder, else the system's
 * temporary folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
const START = `import { enableCompileCache } from 'node:module';
enableCompileCache();
await import('./main.js');
`;

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
