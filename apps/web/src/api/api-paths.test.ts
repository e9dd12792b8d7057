import { describe, expect, it } from 'vitest';
import { sourceFiles, WEB_SRC } from '../test-support/source-files.ts';

// Issue 24: every call outside the resource pattern is named once, in the contracts' descriptors
// (`describeCall` / `defineCall`), which the server registers and the SPA sends through
// `callApi`. A path written in the SPA (`apiRequest('/User/GetX')`) would be a second name the
// server's route could drift from; this keeps the SPA free of them.


/**
 * An API path as the specification spells them (`/Controller/Action…`), or a provider
 * interaction path built around its uid (`/${uid}/login`).
 */
const API_PATH = /['"`]\/[A-Z][A-Za-z]+\/[A-Z][^'"`]*|`\/\$\{[^`]*\}\/[a-z][^`]*/g;

/** The code of a source without its comments (a comment may name a call by its path). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The API paths a source's code spells out. */
function literalApiPaths(source: string): string[] {
  return [...withoutComments(source).matchAll(API_PATH)].map((match) => match[0].slice(1));
}

describe('API paths in the SPA', () => {
  it('finds a path spelled in code, not one named in a comment', () => {
    const source = [
      "/** The user's services (`/ChannelManager/GetChannelByUserCurrent`). */",
      "const a = apiRequest('/User/GetUserProfileCurrent'); // not '/User/GetListMenus'",
      'const b = apiRequest(`/Category/GetByParentCode/${group}`);',
      "const c = navigate('/user/user-manage'); const d = 'https://example.com/A/B';",
      'const e = apiRequest(`/${encodeURIComponent(uid)}/two-factor`, { base });',
    ].join('\n');
    expect(literalApiPaths(source)).toEqual(['/User/GetUserProfileCurrent', '/Category/GetByParentCode/${group}', '/${encodeURIComponent(uid)}/two-factor']);
  });

  it('names none outside the contracts: calls go through their descriptors', async () => {
    const found: string[] = [];
    for (const { name, text } of await sourceFiles(WEB_SRC)) {
      for (const path of literalApiPaths(text)) found.push(`${name}: ${path}`);
    }
    expect(found, 'send these through callApi with a descriptor of @portal/contracts').toEqual([]);
  });
});
