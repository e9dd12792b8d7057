/**
 * `npm test` fails when a screen of the built web app downloads more than its budget
 * (apps/web/size-budgets.json, KiB of gzip). What a screen downloads is read from Vite's
 * manifest and the build's chunk report (apps/web/chunk-report.ts): the screen's chunk, the
 * chunks it imports statically, their CSS, and the Vietnamese phrase files of the areas their
 * code asks for (phrases load on demand; Vietnamese is the default language).
 *
 * - sign-in screen: the entry with the sign-in page (no antd, no query library, no zod);
 * - shell + first admin screen: the entry, the frame, the shell and the dashboard (no antd);
 * - resource screens' shared part: what the first resource screen opened adds for the table,
 *   form and dialogs every resource screen shares (counted once, reported on its own line).
 *   It includes antd's core (config provider, styles engine, App, buttons, menus, popups),
 *   which left the shell: the shell fetches it when the browser is idle after the first
 *   screen, so its ceiling rose by what the shell's fell (and again, by 3 KiB, when dayjs left
 *   the shell for the antd screens, which need it);
 * - each further screen: what opening it adds over both of the above.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };
/** A target (the figure) and the ceiling enforced today, which only ever moves down. */
type Budget = { target: number; ceiling: number };
type Budgets = {
  signInScreen: string;
  frame: string;
  shell: string;
  firstScreen: string;
  /** A module every resource screen imports: the chunks it brings are their shared part. */
  resourceScreen: string;
  signIn: Budget;
  shellAndFirstScreen: Budget;
  resourceScreenShared: Budget;
  eachFurtherScreen: Budget;
  /** Screens with a ceiling of their own (a rich-text editor …). */
  screens: Record<string, number>;
};

const dist = new URL('../apps/web/dist/', import.meta.url);
const read = (path: string) => JSON.parse(readFileSync(new URL(path, dist), 'utf8')) as unknown;
const manifest = read('.vite/manifest.json') as Record<string, Chunk>;
const chunks = read('.vite/chunks.json') as Record<string, { areas: string[]; sources: string[] }>;
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

/** The files plus the phrase files of the areas their code asks for ('common' is loaded at start). */
function withPhrases(files: Set<string>): Set<string> {
  const areas = new Set(['common', ...[...files].flatMap((file) => chunks[file]?.areas ?? [])]);
  for (const area of areas) closure(`src/i18n/vi/${area}.ts`, files);
  return files;
}

const kib = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + sizeOf(file), 0) / 1024;
const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const screenFiles = (...keys: string[]) => withPhrases(keys.reduce((files, key) => closure(key, files), new Set<string>()));
const minus = (files: Set<string>, ...others: Set<string>[]) => new Set([...files].filter((file) => !others.some((other) => other.has(file))));

const signIn = screenFiles(entry, budgets.signInScreen);
const shell = screenFiles(entry, budgets.frame, budgets.shell, budgets.firstScreen);
const resourceChunk = Object.keys(chunks).find((file) => chunks[file]!.sources.includes(budgets.resourceScreen));
if (!resourceChunk) throw new Error(`${budgets.resourceScreen} is in no chunk`);
const resourceKey = Object.keys(manifest).find((key) => manifest[key]!.file === resourceChunk)!;
const resourceShared = minus(withPhrases(closure(resourceKey)), shell);

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
line('resource screens, shared part (once)', kib(resourceShared), budgets.resourceScreenShared);
const screens = Object.entries(manifest).filter(([key, chunk]) => chunk.src?.includes('/features/') && /Page\.tsx$/.test(key) && key !== budgets.firstScreen && key !== budgets.signInScreen);
for (const [key] of screens) {
  const added = minus(screenFiles(key), shell, resourceShared);
  const name = key.replace(/^src\/features\//, '');
  const own = budgets.screens[name];
  line(`+ ${name}`, kib(added), own === undefined ? budgets.eachFurtherScreen : { ...budgets.eachFurtherScreen, ceiling: own });
}
console.log('(ok* = within the ceiling enforced today, above the target)');
if (failures.length) {
  console.error(`\n${failures.length} over budget: ${failures.join(', ')}`);
  process.exit(1);
}
