/**
 * Splits a PostgreSQL script into its statements at the semicolons that end them, following
 * PostgreSQL's lexical rules (docs: "SQL Syntax, Lexical Structure") so that a semicolon inside
 * any of these does not end a statement:
 *   - 'standard strings', quotes doubled inside ('it''s'); a backslash is an ordinary character
 *     (standard_conforming_strings, on by default since PostgreSQL 9.1); B'', X'', U&'' likewise;
 *   - E'escape strings', where a backslash also escapes the next character (E'it\'s');
 *   - $$dollar-quoted$$ and $tag$dollar-quoted$tag$ bodies (a tag is an identifier without `$`;
 *     `$1` is a parameter, and a `$` inside an identifier such as `a$b` starts nothing);
 *   - "quoted identifiers", quotes doubled inside;
 *   - -- line comments and /* block comments *\/, which nest in PostgreSQL.
 * Statements come back trimmed, in order; pieces holding nothing but whitespace and comments are
 * dropped. An unterminated string, identifier, dollar quote or comment runs to the end of the
 * script, as the server would read it (and then refuse it).
 *
 * Why our own and not a library: @prisma/adapter-pg's executeScript splits on every `;`, and the
 * splitters on npm checked (dbgate-query-splitter's PostgreSQL options, @databases/split-sql-query)
 * either treat a backslash the same in every string or do not tell E'' strings apart, and do not
 * nest block comments; the rules above are short enough to keep here, tested case by case.
 */
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let hasCode = false;
  let i = 0;
  const n = script.length;
  const push = (end: number) => {
    const text = script.slice(start, end).trim();
    if (hasCode && text) statements.push(text);
    hasCode = false;
  };
  while (i < n) {
    const c = script[i];
    const next = script[i + 1];
    if (c === '-' && next === '-') {
      const eol = script.indexOf('\n', i + 2);
      i = eol < 0 ? n : eol + 1;
    } else if (c === '/' && next === '*') {
      i = skipBlockComment(script, i);
    } else if (c === "'") {
      hasCode = true;
      i = skipQuoted(script, i, "'", isEscapeStringPrefix(script, i));
    } else if (c === '"') {
      hasCode = true;
      i = skipQuoted(script, i, '"', false);
    } else if (c === '$' && !isIdentifierChar(script[i - 1])) {
      hasCode = true;
      const tag = dollarTagAt(script, i);
      if (tag === null) i += 1;
      else {
        const close = script.indexOf(tag, i + tag.length);
        i = close < 0 ? n : close + tag.length;
      }
    } else if (c === ';') {
      push(i);
      i += 1;
      start = i;
    } else {
      if (!isWhitespace(c)) hasCode = true;
      i += 1;
    }
  }
  push(n);
  return statements;
}

/** Letters, digits, `_`, `$` and any non-ASCII character continue an identifier or keyword. */
function isIdentifierChar(c: string | undefined): boolean {
  return c !== undefined && (/[A-Za-z0-9_$]/.test(c) || c.charCodeAt(0) > 0x7f);
}

function isWhitespace(c: string): boolean {
  return c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f' || c === '\v';
}

/** `E'…'` or `e'…'`: the E is a token of its own, not the end of a word (`type'…'` is no E string). */
function isEscapeStringPrefix(script: string, quote: number): boolean {
  const prefix = script[quote - 1];
  return (prefix === 'E' || prefix === 'e') && !isIdentifierChar(script[quote - 2]);
}

/** The index after the closing quote; a doubled quote stays inside, as does `\x` in an E string. */
function skipQuoted(script: string, open: number, quote: "'" | '"', backslashEscapes: boolean): number {
  let i = open + 1;
  while (i < script.length) {
    const c = script[i];
    if (backslashEscapes && c === '\\') i += 2;
    else if (c === quote) {
      if (script[i + 1] === quote) i += 2;
      else return i + 1;
    } else i += 1;
  }
  return script.length;
}

/** The index after a (possibly nested) block comment that opens at `open`. */
function skipBlockComment(script: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < script.length) {
    if (script[i] === '/' && script[i + 1] === '*') {
      depth += 1;
      i += 2;
    } else if (script[i] === '*' && script[i + 1] === '/') {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else i += 1;
  }
  return script.length;
}

/** `$$` or `$tag$` at `i` (a tag starts with a letter or `_`, no `$` inside), else null. */
function dollarTagAt(script: string, i: number): string | null {
  const match = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(script.slice(i, i + 130));
  return match ? match[0] : null;
}
