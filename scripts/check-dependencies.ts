// Imports run only downward (the layers of .dependency-cruiser.cjs), and no two server modules
// import each other: run by `npm run lint`. Exits 1 naming every import that breaks a rule.
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { cruise, type ICruiseResult } from 'dependency-cruiser';

const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contracts/src'];
const MODULE = /^apps\/server\/src\/modules\/([^/]+)\//;
const TEST = /\.test\.tsx?$/;

/**
 * Pairs of server modules (modules/<area>/) that import each other, each with the imports
 * that make it: a module that needs another's rule imports it, and that one must not need it
 * back (move the shared part down: a lower module, identity/ or platform/).
 */
function modulePairs(result: ICruiseResult): string[] {
  const imports = new Map<string, string[]>();
  for (const file of result.modules) {
    const from = MODULE.exec(file.source)?.[1];
    if (!from || TEST.test(file.source)) continue;
    for (const dependency of file.dependencies) {
      const to = MODULE.exec(dependency.resolved)?.[1];
      if (!to || to === from) continue;
      const key = `${from} → ${to}`;
      imports.set(key, [...(imports.get(key) ?? []), `${file.source} → ${dependency.resolved}`]);
    }
  }
  const pairs: string[] = [];
  for (const [key, lines] of imports) {
    const [from, to] = key.split(' → ') as [string, string];
    const back = imports.get(`${to} → ${from}`);
    if (back && from < to) pairs.push(`modules ${from} and ${to} import each other:\n    ${[...lines, ...back].join('\n    ')}`);
  }
  return pairs;
}

async function main(): Promise<void> {
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const { output } = await cruise(ROOTS, { ...options, validate: true });
  const result = output as ICruiseResult;
  const broken = result.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
  broken.push(...modulePairs(result));
  for (const line of broken) console.error(line);
  console.log(`dependencies: ${result.summary.totalCruised} files, ${result.summary.totalDependenciesCruised} imports, ${broken.length} broken rules`);
  if (broken.length > 0) process.exitCode = 1;
}

await main();
