/**
 * What opening a lazy route adds to what the shell already loaded: the route's chunk, its CSS
 * and every chunk it imports that the first screen did not (gzip). Issue 10's budget for the
 * dashboard is 150 KB.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

type Report = (name: string, value: string) => void;

export function reportRouteSize(report: Report, dist: URL, screen: string, initial: readonly string[]): void {
  const assets = readdirSync(new URL('assets/', dist));
  const entry = assets.find((file) => file.startsWith(`${screen}-`) && file.endsWith('.js'));
  if (!entry) {
    report(`web: ${screen} route`, 'not built');
    return;
  }
  const loaded = new Set(initial.map((file) => file.replace(/^assets\//, '')));
  const added = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file) || added.has(file)) return;
    added.add(file);
    const code = readFileSync(new URL(`assets/${file}`, dist), 'utf8');
    // Static imports only: a chunk's own lazy imports load later, when their route opens.
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(match[1]!);
  };
  visit(entry);
  for (const css of assets.filter((file) => file.startsWith(`${screen}-`) && file.endsWith('.css'))) added.add(css);
  const bytes = [...added].reduce((sum, file) => sum + gzipSync(readFileSync(new URL(`assets/${file}`, dist))).length, 0);
  report(`web: ${screen} route adds (gzip, budget 150 KB)`, `${(bytes / 1024).toFixed(0)} KiB`);
}
