import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/** The page files the menu's screens load (screens.ts), relative to this folder. */
const pageFiles = [...new Set([...source('./screens.ts').matchAll(/import\('(\.\.\/features\/[^']+)'\)/g)].map((match) => match[1]!))];

/** Areas every screen route has loaded already: the common phrases at start, the resource screens' with the route. */
const LOADED_BY_THE_ROUTE = new Set(['common', 'resource']);

describe('menu screens', () => {
  it.each(pageFiles)('%s declares the phrase areas it renders, so they load with its code', (file) => {
    const code = source(file);
    const asked = new Set([...code.matchAll(/useTranslation\(\s*'(\w+)'/g)].map((match) => match[1]!));
    const declared = code.match(/export const phrases = \[([^\]]*)\] as const;/)?.[1];
    expect(declared, 'export const phrases = [...] as const').toBeDefined();
    const listed = new Set([...declared!.matchAll(/'(\w+)'/g)].map((match) => match[1]!));
    expect([...asked].filter((area) => !LOADED_BY_THE_ROUTE.has(area) && !listed.has(area))).toEqual([]);
  });
});
