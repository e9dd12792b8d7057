import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles, WEB_SRC } from '../test-support/source-files.ts';
import { EXTRA_ROUTES, MENU_CATALOGUE, MOVED_ROUTES, ROUTES } from '@portal/contracts';

// Issue 24: the SPA's route paths are named once (ROUTES and the menu catalogue, in the
// contracts); a link, a navigate() or a redirect written as '/dashboard' would be a second name
// that a moved screen leaves behind.


/** Every route of the SPA but its root ('/', which a literal means in too many other ways). */
const KNOWN = new Set(
  [
    ...Object.values(ROUTES),
    ...MENU_CATALOGUE.flatMap((section) => [section.route, ...section.items.map((item) => item.route)]),
    ...EXTRA_ROUTES.map((extra) => extra.route),
    ...MOVED_ROUTES.flatMap((moved) => [moved.route, moved.to]),
  ].filter((route) => route !== ROUTES.home),
);

/** Does a literal's text spell a route (alone, or followed by its query, hash or a sub-path)? */
const namesRoute = (text: string) => [...KNOWN].some((route) => text === route || /^[?#/]/.test(text.slice(route.length)) && text.startsWith(route));

/** The string literals and template parts of a source's code (never its comments) that spell a route. */
export function routeLiterals(name: string, source: string): string[] {
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true, name.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) && namesRoute(node.text)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('route paths in the SPA', () => {
  it('finds a route spelled in code, with its query or inside a template, not in a comment or an API path', () => {
    const source = [
      "// opens '/dashboard'",
      "navigate('/dashboard');",
      'navigate(`/signin${search}`);',
      'if (pathname === `${BASE_PATH}/signin`) go();',
      "const link = '/user/app-user?userId=1';",
      "const call = '/User/GetListMenus'; const other = '/signing';",
      'navigate(ROUTES.dashboard);',
    ].join('\n');
    expect(routeLiterals('sample.ts', source)).toEqual(['/dashboard', '/signin', '/signin', '/user/app-user?userId=1']);
  });

  it('names none outside the contracts: links and redirects read ROUTES', async () => {
    const found: string[] = [];
    for (const { file, name, text } of await sourceFiles(WEB_SRC)) {
      for (const literal of routeLiterals(file, text)) found.push(`${name}: ${literal}`);
    }
    expect(found, 'name the route through ROUTES (contracts, catalogue/menus.ts)').toEqual([]);
  });
});
