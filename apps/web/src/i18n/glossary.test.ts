import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@portal/contracts';

// docs/glossary.md, held true: each language says one word for one thing on every screen. The
// phrase files and the error catalogue (whose messages reach the screens) are read whole; an
// interpolation (`{{unit}}`) is a variable's name, not a word shown.

const files = import.meta.glob<{ default: Record<string, unknown> }>(['./vi/*.ts', './en/*.ts'], { eager: true });

/** Every phrase of a file with its key (`signUp.companyName`). */
function phrasesOf(phrases: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(phrases).flatMap(([key, value]): [string, string][] =>
    typeof value === 'object' && value !== null ? phrasesOf(value as Record<string, unknown>, `${prefix}${key}.`) : typeof value === 'string' ? [[`${prefix}${key}`, value]] : [],
  );
}

/** Words a screen of the language never says, with the glossary's word instead. */
const FORBIDDEN = {
  en: [
    { word: /\bunits?\b/i, instead: 'business' },
    { word: /\bcompan(y|ies)\b/i, instead: 'business' },
    { word: /\benterprises?\b/i, instead: 'business' },
    { word: /decentrali[sz]/i, instead: 'permissions' },
    { word: /\blog ?ins?\b|\blogged in\b|\blog ?in again\b/i, instead: 'sign in / sign-in' },
  ],
  vi: [
    { word: /công ty/i, instead: 'doanh nghiệp' },
    { word: /đơn vị/i, instead: 'doanh nghiệp' },
  ],
} as const;

/**
 * The specification's own English messages (section 8), shown as it spells them; everything
 * else says "sign in".
 */
const QUOTED_FROM_SPECIFICATION = new Set([
  'Login session expired, please login again',
  'Your account is currently logged in on the {product} system somewhere else. Please try again later!',
]);

const shown = (text: string) => text.replace(/\{\{[^}]*\}\}/g, '');

function offences(language: 'vi' | 'en', phrases: [string, string][]): string[] {
  return phrases.flatMap(([key, text]) =>
    QUOTED_FROM_SPECIFICATION.has(text)
      ? []
      : FORBIDDEN[language].filter(({ word }) => word.test(shown(text))).map(({ word, instead }) => `${key}: "${text}" says ${word.source}; the glossary's word is "${instead}"`),
  );
}

describe('the glossary in the phrases', () => {
  it.each(['vi', 'en'] as const)('no phrase file of %s says a word the glossary replaces', (language) => {
    const found = Object.entries(files)
      .filter(([path]) => path.startsWith(`./${language}/`))
      .flatMap(([path, file]) => offences(language, phrasesOf(file.default, `${path.slice(2)}: `)));
    expect(found).toEqual([]);
  });

  it.each(['vi', 'en'] as const)('no message of the error catalogue in %s says one either', (language) => {
    const messages = Object.entries(ERROR_CATALOGUE).map(([key, entry]): [string, string] => [key, entry[language]]);
    expect(offences(language, messages)).toEqual([]);
  });

  it('catches the words it is meant to', () => {
    expect(offences('en', [['a', 'Another unit holds it'], ['b', 'Company name'], ['c', 'First login'], ['d', 'Decentralization'], ['e', 'Move {{unit}} on']])).toHaveLength(4);
    expect(offences('vi', [['a', 'Tên công ty'], ['b', 'Tên doanh nghiệp']])).toHaveLength(1);
  });
});
