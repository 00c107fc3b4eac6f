/** The statement splitter (the original's batch parser): where `;` ends a statement and where it does not. */
import assert from 'node:assert/strict';
import { closesTransaction, isNonTransactional, opensTransaction, scanStatements, splitStatements } from '../../tasks/db/sql-scan.js';

describe('sql-scan statement splitter', () => {
  it('splits on ; and trims, dropping empty statements', () => {
    assert.deepEqual(splitStatements('select 1;\n\n  select 2 ;;\n'), ['select 1', 'select 2']);
  });

  it('ignores ; in line comments and nested block comments, keeping the comments in the text', () => {
    assert.deepEqual(splitStatements('-- a; b\nselect 1; /* x; /* y; */ z; */ select 2;'), ['-- a; b\nselect 1', '/* x; /* y; */ z; */ select 2']);
  });

  it("ignores ; in strings with '' and in E'' strings with backslash escapes", () => {
    assert.deepEqual(splitStatements("select 'a;''b'; select E'c\\';d'; select 'e\\'; select 2"), ["select 'a;''b'", "select E'c\\';d'", "select 'e\\'", 'select 2']);
  });

  it('ignores ; in quoted identifiers and dollar-quoted bodies, but not after $1', () => {
    const sql = 'create table "a;b" (id int); create function f() returns int language plpgsql as $body$ begin return 1; end; $body$; select $1; select $$x;$$';
    assert.deepEqual(splitStatements(sql), ['create table "a;b" (id int)', 'create function f() returns int language plpgsql as $body$ begin return 1; end; $body$', 'select $1', 'select $$x;$$']);
  });

  it('keeps BEGIN ATOMIC ... END bodies (with CASE ... END) in one statement', () => {
    const sql = 'create function f(x int) returns int begin atomic select case when x > 0 then 1 else 0 end; select 2; end; select 3;';
    assert.deepEqual(splitStatements(sql), ['create function f(x int) returns int begin atomic select case when x > 0 then 1 else 0 end; select 2; end', 'select 3']);
  });

  it('keeps ; inside parentheses (CREATE RULE with several actions)', () => {
    assert.deepEqual(splitStatements('create rule r as on insert to t do also (insert into a values (1); insert into b values (2)); select 1'), [
      'create rule r as on insert to t do also (insert into a values (1); insert into b values (2))',
      'select 1',
    ]);
  });

  it('recognises transaction control and statements that cannot run in a transaction', () => {
    const [begin, atomic, commit, rollbackTo, cic] = scanStatements('BEGIN; create function g() returns int begin atomic select 1; end; COMMIT; rollback to savepoint s; /* c */ create unique index concurrently i on t (x)');
    assert.equal(opensTransaction(begin!.head), true);
    assert.equal(opensTransaction(atomic!.head), false);
    assert.equal(closesTransaction(commit!.head), true);
    assert.equal(closesTransaction(rollbackTo!.head), false);
    assert.equal(isNonTransactional(cic!.head), true);
  });
});
