import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '../../prisma/runner/migrations-folder.js';
import { splitSqlStatements } from '../../prisma/runner/split-sql-statements.js';

describe('splitSqlStatements', () => {
  it('splits at the semicolons that end statements, trimmed, dropping empty pieces', () => {
    expect(splitSqlStatements('SELECT 1;\n  SELECT 2 ;;\n\nSELECT 3')).toEqual(['SELECT 1', 'SELECT 2', 'SELECT 3']);
    expect(splitSqlStatements('  ;\n ; ')).toEqual([]);
  });

  it('keeps semicolons inside standard strings, with doubled quotes, and backslashes as plain characters', () => {
    expect(splitSqlStatements("SELECT 'a;b', 'it''s; fine';SELECT 2")).toEqual(["SELECT 'a;b', 'it''s; fine'", 'SELECT 2']);
    // standard_conforming_strings: the backslash does not escape, so the string ends after it.
    expect(splitSqlStatements("SELECT 'C:\\';SELECT ';'")).toEqual(["SELECT 'C:\\'", "SELECT ';'"]);
    expect(splitSqlStatements("SELECT '';SELECT ''''")).toEqual(["SELECT ''", "SELECT ''''"]);
  });

  it('E strings: a backslash escapes the next character, a quote included; doubled quotes too', () => {
    expect(splitSqlStatements("SELECT E'it\\'s; x';SELECT 2")).toEqual(["SELECT E'it\\'s; x'", 'SELECT 2']);
    expect(splitSqlStatements("SELECT e'a\\\\';SELECT 2")).toEqual(["SELECT e'a\\\\'", 'SELECT 2']);
    expect(splitSqlStatements("SELECT E'x''; y\\073';SELECT 2")).toEqual(["SELECT E'x''; y\\073'", 'SELECT 2']);
    // An E ending a word is no prefix: 'type' followed by a standard string, where \ is plain.
    expect(splitSqlStatements("SELECT type'\\';SELECT 2")).toEqual(["SELECT type'\\'", 'SELECT 2']);
  });

  it('dollar-quoted bodies, with and without a tag, nested tags and quotes inside', () => {
    const fn = `CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 'a;b';  -- a comment; with a semicolon
  RETURN NEW;
END $$`;
    expect(splitSqlStatements(`${fn};\nSELECT 1;`)).toEqual([fn, 'SELECT 1']);
    const tagged = "CREATE FUNCTION g() RETURNS text LANGUAGE sql AS $fn$ SELECT $q$ it's; $$ not the end $q$ $fn$";
    expect(splitSqlStatements(`${tagged}; SELECT 2`)).toEqual([tagged, 'SELECT 2']);
    // $Tag$ and $tag$ differ; a body closes only at its own tag.
    expect(splitSqlStatements('SELECT $Tag$ ; $tag$ ; $Tag$; SELECT 2')).toEqual(['SELECT $Tag$ ; $tag$ ; $Tag$', 'SELECT 2']);
  });

  it('a $ that starts no dollar quote: parameters, and $ inside identifiers', () => {
    expect(splitSqlStatements('PREPARE p AS SELECT $1; SELECT 2')).toEqual(['PREPARE p AS SELECT $1', 'SELECT 2']);
    expect(splitSqlStatements('SELECT a$b$c FROM t; SELECT 2')).toEqual(['SELECT a$b$c FROM t', 'SELECT 2']);
    expect(splitSqlStatements('SELECT $1$x$; SELECT 2')).toEqual(['SELECT $1$x$', 'SELECT 2']);
  });

  it('double-quoted identifiers, with doubled quotes inside', () => {
    expect(splitSqlStatements('CREATE TABLE "a;b" ("x"";y" int); SELECT 2')).toEqual(['CREATE TABLE "a;b" ("x"";y" int)', 'SELECT 2']);
    expect(splitSqlStatements(`SELECT "it's"; SELECT 'x'`)).toEqual([`SELECT "it's"`, "SELECT 'x'"]);
  });

  it('comments: -- to the end of the line, /* */ nested; comment-only pieces dropped', () => {
    expect(splitSqlStatements('-- first; not a statement\nSELECT 1; -- trailing; comment\n')).toEqual([
      '-- first; not a statement\nSELECT 1',
    ]);
    expect(splitSqlStatements('SELECT /* a; /* nested; */ still; */ 1; SELECT 2')).toEqual([
      'SELECT /* a; /* nested; */ still; */ 1',
      'SELECT 2',
    ]);
    expect(splitSqlStatements("SELECT '--;' ; SELECT '/*'; SELECT 3")).toEqual(["SELECT '--;'", "SELECT '/*'", 'SELECT 3']);
    expect(splitSqlStatements('SELECT 1 /* ; */; /* only a comment; */ ;')).toEqual(['SELECT 1 /* ; */']);
  });

  it('an unterminated string or comment runs to the end (the server refuses it whole)', () => {
    expect(splitSqlStatements("SELECT 'open; SELECT 2")).toEqual(["SELECT 'open; SELECT 2"]);
    expect(splitSqlStatements('SELECT 1; /* open; SELECT 2')).toEqual(['SELECT 1']);
  });

  it('finds in every migration without dollar quotes the statements the semicolon split found (they avoid inner semicolons)', () => {
    const folders = readdirSync(migrationsDir, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(folders.length).toBeGreaterThan(10);
    const commentOnly = (piece: string) => piece.split('\n').every((line) => !line.trim() || line.trim().startsWith('--'));
    for (const folder of folders) {
      const sql = readFileSync(path.join(migrationsDir, folder.name, 'migration.sql'), 'utf8');
      if (sql.includes('$$')) continue; // function bodies: the next test
      const bySemicolon = sql
        .split(';')
        .map((s) => s.trim())
        .filter((s) => s.length > 0 && !commentOnly(s));
      expect(splitSqlStatements(sql), folder.name).toEqual(bySemicolon);
    }
  });

  it('keeps each dollar-quoted function body of a migration whole', () => {
    const sql = readFileSync(path.join(migrationsDir, '20261124190000_failed_criteria_json', 'migration.sql'), 'utf8');
    const statements = splitSqlStatements(sql);
    const functions = statements.filter((s) => /CREATE FUNCTION/.test(s));
    expect(functions).toHaveLength(2);
    for (const body of functions) expect(body.trimEnd().endsWith('$$'), body).toBe(true);
    expect(functions[1]).toContain('RETURN NULL;');
    expect(statements.filter((s) => /^CREATE TRIGGER/m.test(s))).toHaveLength(3);
  });
});
