/**
 * `npm start`'s build step: builds the web app and the server only when their inputs changed
 * since the last build, so restarting an unchanged install skips the (tens of seconds of) build.
 * An input fingerprint (a SHA-256 over every input file's path and content, tests left out)
 * is written into each build's output once it succeeds; a build that failed or was removed
 * leaves none, and the next start builds again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

export interface BuildTarget {
  name: string;
  /** Files and folders, relative to the repository's root, whose content the build reads. */
  inputs: string[];
  /** The build's output folder, relative to the root: the fingerprint is kept in it. */
  output: string;
  build: () => void;
}

const FINGERPRINT_FILE = '.input-fingerprint';
const LEFT_OUT = /(\.test\.tsx?$)|(^|\/)node_modules(\/|$)|(^|\/)dist(\/|$)/;

function filesOf(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((entry) => relative(root, join(full, entry)))
    .filter((file) => !LEFT_OUT.test(file) && statSync(join(root, file)).isFile());
}

export function fingerprintOf(root: string, inputs: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of [...new Set(inputs.flatMap((input) => filesOf(root, input)))].sort()) {
    hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/** Builds the targets whose inputs changed; answers the names of those it built. */
export function buildWhatChanged(root: string, targets: readonly BuildTarget[]): string[] {
  const built: string[] = [];
  for (const target of targets) {
    const fingerprint = fingerprintOf(root, target.inputs);
    const kept = join(root, target.output, FINGERPRINT_FILE);
    if (existsSync(kept) && readFileSync(kept, 'utf8') === fingerprint) continue;
    target.build();
    writeFileSync(kept, fingerprint);
    built.push(target.name);
  }
  return built;
}

const SHARED = ['package-lock.json', 'packages/contracts/src', 'packages/contracts/package.json'];

function npmBuild(workspace: string): () => void {
  return () => {
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`building ${workspace} failed`);
  };
}

export const PORTAL_TARGETS: BuildTarget[] = [
  {
    name: 'web',
    inputs: [...SHARED, 'apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/precompress.ts', 'apps/web/package.json', 'apps/web/tsconfig.json'],
    output: 'apps/web/dist',
    build: npmBuild('@portal/web'),
  },
  {
    name: 'server',
    inputs: [...SHARED, 'apps/server/src', 'apps/server/build.ts', 'apps/server/package.json'],
    output: 'apps/server/dist',
    build: npmBuild('@portal/server'),
  },
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = new URL('..', import.meta.url).pathname;
  const built = buildWhatChanged(root, PORTAL_TARGETS);
  console.log(built.length ? `built: ${built.join(', ')}` : 'build: nothing changed since the last build');
}
