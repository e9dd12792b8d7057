import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { buildWhatChanged, type BuildTarget } from './build-changed.ts';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

function install() {
  const root = mkdtempSync(join(tmpdir(), 'build-changed-'));
  roots.push(root);
  const write = (file: string, text: string) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write('shared/a.ts', 'export const a = 1;');
  write('web/src/app.tsx', 'app');
  write('server/src/main.ts', 'main');
  const builds: string[] = [];
  const target = (name: string, inputs: string[]): BuildTarget => ({
    name,
    inputs,
    output: `${name}/dist`,
    // As the real builds do: the output folder is made afresh.
    build: () => {
      rmSync(join(root, name, 'dist'), { recursive: true, force: true });
      mkdirSync(join(root, name, 'dist'), { recursive: true });
      builds.push(name);
    },
  });
  const targets = [target('web', ['shared', 'web/src']), target('server', ['shared', 'server/src'])];
  return { root, write, builds, targets };
}

it('builds on the first start, nothing on an unchanged restart, and only the part whose inputs changed', () => {
  const { root, write, targets } = install();
  expect(buildWhatChanged(root, targets)).toEqual(['web', 'server']);
  expect(buildWhatChanged(root, targets)).toEqual([]);

  write('server/src/main.ts', 'main, changed');
  expect(buildWhatChanged(root, targets)).toEqual(['server']);
  // Tests are not inputs; a new source file is.
  write('web/src/app.test.ts', 'a test');
  expect(buildWhatChanged(root, targets)).toEqual([]);
  write('web/src/new.ts', 'new');
  expect(buildWhatChanged(root, targets)).toEqual(['web']);
  write('shared/a.ts', 'export const a = 2;');
  expect(buildWhatChanged(root, targets)).toEqual(['web', 'server']);
});

it('builds again when the output was removed or the last build failed', () => {
  const { root, write, targets } = install();
  buildWhatChanged(root, targets);
  rmSync(join(root, 'web', 'dist'), { recursive: true });
  expect(buildWhatChanged(root, targets)).toEqual(['web']);

  write('server/src/main.ts', 'main, broken');
  const failing: BuildTarget = {
    ...targets[1]!,
    build: () => {
      rmSync(join(root, 'server', 'dist'), { recursive: true, force: true });
      mkdirSync(join(root, 'server', 'dist'));
      throw new Error('build failed');
    },
  };
  expect(() => buildWhatChanged(root, [failing])).toThrow('build failed');
  expect(buildWhatChanged(root, [targets[1]!])).toEqual(['server']);
});
