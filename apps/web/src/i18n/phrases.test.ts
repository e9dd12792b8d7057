import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@portal/contracts';
import type { PhraseAreas } from './index.ts';

const files = import.meta.glob<{ default: Record<string, unknown> }>(['./vi/*.ts', './en/*.ts'], { eager: true });
const area = <K extends keyof PhraseAreas>(language: 'vi' | 'en', name: K) => files[`./${language}/${name}.ts`]!.default as PhraseAreas[K];

/** The keys of a phrase object, nested ones as `a.b`. */
function keysOf(phrases: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(phrases).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('phrases', () => {
  it.each(['vi', 'en'] as const)('name every module and feature of the permission catalogue in %s', (language) => {
    const { modules, features } = area(language, 'access');
    for (const permission of PERMISSIONS) {
      expect(modules[permission.module as keyof typeof modules], permission.module).toBeTruthy();
      expect(features[`${permission.module}_${permission.feature}`], `${permission.module}_${permission.feature}`).toBeTruthy();
    }
  });

  it('every area exists in both languages with the same keys (each file is loaded on its own)', () => {
    const areas = (language: string) => Object.keys(files).filter((path) => path.startsWith(`./${language}/`)).map((path) => path.slice(5)).sort();
    expect(areas('en')).toEqual(areas('vi'));
    for (const name of areas('vi')) {
      expect(keysOf(files[`./en/${name}`]!.default).sort(), name).toEqual(keysOf(files[`./vi/${name}`]!.default).sort());
    }
  });
});
