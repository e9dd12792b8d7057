/**
 * `npm test` fails when a screen of the built web app downloads more than its budget
 * (apps/web/size-budgets.json, KiB of gzip): the sign-in screen, the shell with the first
 * admin screen, and what each further screen adds to those. Read from Vite's manifest, so a
 * screen counts its chunk, the chunks it imports statically and their CSS.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
/** A target (the figure) and the ceiling enforced today, which only ever moves down. */
type Budget = { target: number; ceiling: number };
type Budgets = {
  signInScreen: string;
  shell: string;
  firstScreen: string;
  signIn: Budget;
  shellAndFirstScreen: Budget;
  eachFurtherScreen: Budget;
  /** Screens with a ceiling of their own (a rich-text editor …). */
  screens: Record<string, number>;
};

const dist = new URL('../apps/web/dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8')) as Record<string, Chunk>;
const budgets = JSON.parse(readFileSync(new URL('../apps/web/size-budgets.json', import.meta.url), 'utf8')) as Budgets;

const gzipSize = new Map<string, number>();
const sizeOf = (file: string) => {
  if (!gzipSize.has(file)) gzipSize.set(file, gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length);
  return gzipSize.get(file)!;
};

/** The files a chunk loads before it runs: itself, its static imports, their CSS. */
function closure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

const kib = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + sizeOf(file), 0) / 1024;
const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const union = (...sets: Set<string>[]) => new Set(sets.flatMap((set) => [...set]));

const signIn = union(closure(entry), closure(budgets.signInScreen));
const shell = union(closure(entry), closure(budgets.shell), closure(budgets.firstScreen));
const failures: string[] = [];
const line = (name: string, size: number, budget: Budget) => {
  const over = size > budget.ceiling;
  if (over) failures.push(name);
  const mark = over ? 'OVER' : size > budget.target ? 'ok* ' : 'ok  ';
  console.log(`${mark} ${name.padEnd(50)} ${size.toFixed(1).padStart(7)} KiB   ceiling ${String(budget.ceiling).padStart(3)}, target ${budget.target}`);
};

console.log('Web app size, gzip:');
line('sign-in screen', kib(signIn), budgets.signIn);
line('shell + first admin screen', kib(shell), budgets.shellAndFirstScreen);
const screens = Object.entries(manifest).filter(([key, chunk]) => chunk.src?.includes('/features/') && /Page\.tsx$/.test(key) && key !== budgets.firstScreen && key !== budgets.signInScreen);
for (const [key] of screens) {
  const added = [...closure(key)].filter((file) => !shell.has(file));
  const name = key.replace(/^src\/features\//, '');
  const own = budgets.screens[name];
  line(`+ ${name}`, kib(added), own === undefined ? budgets.eachFurtherScreen : { ...budgets.eachFurtherScreen, ceiling: own });
}
console.log('(ok* = within the ceiling enforced today, above the target)');
if (failures.length) {
  console.error(`\n${failures.length} over budget: ${failures.join(', ')}`);
  process.exit(1);
}
