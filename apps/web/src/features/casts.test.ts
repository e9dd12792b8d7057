import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../test-support/source-files.ts';

// Issue 24: the screens are typed by their contracts, so a cast in features/ is a place where
// the types were thrown away. One that must stay says why, in a comment on its line or the line
// above; this keeps any other from coming back.

const FEATURES = fileURLToPath(new URL('./', import.meta.url));

interface Comment {
  from: number;
  to: number;
  alone: boolean;
}

interface Cast {
  /** 1-based line of the `as`. */
  line: number;
  text: string;
  commented: boolean;
}

/**
 * The comments of a source that can explain a cast: each as the lines (0-based) it covers, and
 * whether it stands alone on its first line (only such a one speaks for the line below). Doc
 * comments (`/** … *\/`) describe a declaration, not a cast in it, and are left out.
 */
function commentsOf(file: ts.SourceFile): Comment[] {
  const seen = new Set<number>();
  const comments: Comment[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos) || file.text.startsWith('/**', range.pos)) continue;
      seen.add(range.pos);
      const start = file.getLineAndCharacterOfPosition(range.pos);
      // Alone: nothing before it on its line but the brace of a JSX comment (`{/* … */}`).
      const alone = /^\s*\{?\s*$/.test(file.text.slice(file.getPositionOfLineAndCharacter(start.line, 0), range.pos));
      comments.push({ from: start.line, to: file.getLineAndCharacterOfPosition(range.end).line, alone });
    }
  };
  // Comments are the trivia before a token (and after the last one): visiting every token finds them all.
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(file.text, node.pos));
    collect(ts.getTrailingCommentRanges(file.text, node.end));
    node.getChildren(file).forEach(visit);
  };
  visit(file);
  return comments;
}

/** Is there a comment on this line (0-based), or one standing alone on the line above? */
const explained = (comments: Comment[], line: number) =>
  comments.some(({ from, to, alone }) => (line >= from && line <= to) || (alone && to === line - 1));

/** The `as` casts (and `<T>x` assertions) of a source other than `as const`. */
export function castsOf(name: string, source: string): Cast[] {
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true, name.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const comments = commentsOf(file);
  const casts: Cast[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !(ts.isTypeReferenceNode(node.type) && node.type.getText(file) === 'const')) {
      const at = file.getLineAndCharacterOfPosition(ts.isAsExpression(node) ? node.expression.end : node.getStart(file)).line;
      const starts = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      casts.push({ line: at + 1, text: node.getText(file).replace(/\s+/g, ' '), commented: explained(comments, at) || explained(comments, starts) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return casts;
}

describe('casts in features/', () => {
  it('finds a cast, not `as const`, and sees a comment on its line or standing alone above it', () => {
    const source = [
      'const a = value as string;',
      'const b = [1, 2] as const;',
      '// the select offers only the bands',
      'const c = band as Band;',
      'const d = (error as Error).message; // a thrown value is an Error here',
      'const e = <T>value;',
      'const f = call(/* typed by the descriptor */ x as Answer);',
      'const g = "a string with as inside";',
      '/** A doc comment describes the declaration, not its cast. */',
      'const h = value as string;',
      '/*',
      ' * A block above, over lines.',
      ' */',
      'const i = value as string;',
    ].join('\n');
    expect(castsOf('sample.ts', source).map(({ line, commented }) => [line, commented])).toEqual([
      [1, false],
      [4, true],
      [5, true],
      [6, false],
      [7, true],
      [10, false],
      [14, true],
    ]);
  });

  it('sees casts inside JSX, and comments written as JSX expressions', () => {
    const source = ['const a = (', '  <div>', '    {/* labels are strings */}', '    {label as string}', '    {other as string}', '  </div>', ');'].join('\n');
    expect(castsOf('sample.tsx', source).map(({ line, commented }) => [line, commented])).toEqual([
      [4, true],
      [5, false],
    ]);
  });

  it('says why at every cast of a screen', async () => {
    const silent: string[] = [];
    for (const { file, name, text } of await sourceFiles(FEATURES)) {
      for (const cast of castsOf(file, text)) {
        if (!cast.commented) silent.push(`${name}:${cast.line}: ${cast.text}`);
      }
    }
    expect(silent, 'type it through the contract, or say in a comment why the cast must stay').toEqual([]);
  });
});
