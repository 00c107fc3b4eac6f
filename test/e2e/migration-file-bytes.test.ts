/**
 * Migration and seed files reach the server as the bytes they are, as with the original: bytes
 * that are not UTF-8 are refused with PostgreSQL's own error (checked against what the server says
 * to psql for the same file), naming the file, and nothing is applied. A symbolic link to a
 * migration is applied like the file it points to; a broken one fails naming it. A migration name
 * too long for a file name is one line, not a crash report. Real CLI processes, one native project.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SYSTEM_PG15 } from '../../tasks/native/pg-binaries.js';
import { statementsOf, type StatementError } from '../../tasks/db/migration-runner.js';
import type { InvalidEncodingError } from '../../tasks/db/sql-bytes.js';
import { cliProject, databaseState, type CliProject } from '../integration/support/cli-project.js';

/** `create table three` then an insert whose text is Latin-1 (é as the single byte 0xe9). */
const LATIN1 = Buffer.concat([Buffer.from("create table public.three (id int);\ninsert into public.three select length('caf"), Buffer.from([0xe9]), Buffer.from(" au lait');\n")]);

describe('migration files as bytes, links and long names', function () {
  this.timeout(300_000);
  let project: CliProject;
  const migrations = () => path.join(project.root, 'supabase', 'migrations');
  const noCrash = (output: string) => assert.doesNotMatch(output, /unexpected error|crash report|^\s+at .*:\d+:\d+\)?$/m, output);

  before(async () => {
    project = await cliProject('file-bytes');
    const start = project.run(['start']);
    assert.equal(start.code, 0, start.stderr);
  });
  after(() => project?.dispose());
  afterEach(() => {
    // Each case starts from the standard files and a database rebuilt from them.
    project.writeMigrations();
    writeFileSync(path.join(project.root, 'supabase', 'seed.sql'), 'insert into public.one values (1);\n');
    assert.equal(project.run(['db', 'reset']).code, 0);
  });

  it('a migration that is not UTF-8 is refused with the server\'s words for its bytes, and nothing of it is applied', async () => {
    const file = path.join(migrations(), '20240103000000_latin1.sql');
    writeFileSync(file, LATIN1);
    // What PostgreSQL itself answers when psql sends the same bytes.
    const psql = spawnSync(path.join(SYSTEM_PG15.bin, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', project.url, '-f', file], { encoding: 'utf8' });
    const server = /ERROR: {2}(invalid byte sequence for encoding "UTF8": [^\n]+)/.exec(psql.stderr)?.[1];
    assert.equal(server, 'invalid byte sequence for encoding "UTF8": 0xe9 0x20 0x61', psql.stderr);
    spawnSync(path.join(SYSTEM_PG15.bin, 'psql'), ['-X', '-q', '-d', project.url, '-c', 'drop table if exists public.three']);

    const up = project.run(['migration', 'up']);
    assert.equal(up.code, 1, up.stderr);
    noCrash(up.stderr);
    assert.ok(up.stderr.includes(`failed to apply migration 20240103000000_latin1.sql: ERROR: ${server} (SQLSTATE 22021)\nAt statement 1: insert into public.three`), up.stderr);
    const state = await databaseState(project.url);
    assert.ok(!state.tables.includes('three'), 'the statement before the bad bytes was applied');
    assert.ok(!state.history.includes('20240103000000'), 'the migration was recorded');
  });

  it('names the bad bytes of every kind of malformed sequence as the server names them', () => {
    const cases = [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf5, 0x80, 0x80, 0x80], [0x80], [0xf0, 0x9f, 0x98], [0xf4, 0x90, 0x80, 0x80], [0xfe]];
    const file = path.join(project.root, 'bytes.sql');
    for (const bad of cases) {
      const bytes = Buffer.concat([Buffer.from("select 'ok \u00e9';\nselect '"), Buffer.from(bad), Buffer.from("';\n")]);
      writeFileSync(file, bytes);
      const psql = spawnSync(path.join(SYSTEM_PG15.bin, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', project.url, '-f', file], { encoding: 'utf8' });
      const server = /ERROR: {2}([^\n]+)/.exec(psql.stderr)?.[1];
      assert.throws(() => statementsOf(bytes), (err: StatementError) => {
        assert.equal((err.cause as InvalidEncodingError).message, server, `bytes ${Buffer.from(bad).toString('hex')}`);
        assert.equal(err.index, 1);
        return true;
      });
    }
  });

  it('db reset with a seed that is not UTF-8 fails naming the seed, and seeds nothing', async () => {
    writeFileSync(path.join(project.root, 'supabase', 'seed.sql'), Buffer.concat([Buffer.from("insert into public.one values (1);\ninsert into public.two select length('"), Buffer.from([0xff, 0xfe]), Buffer.from("');\n")]));
    const reset = project.run(['db', 'reset']);
    assert.equal(reset.code, 1, reset.stderr);
    noCrash(reset.stderr);
    assert.match(reset.stderr, /^failed to apply supabase\/seed\.sql: ERROR: invalid byte sequence for encoding "UTF8": 0xff \(SQLSTATE 22021\)\nAt statement 1: insert into public\.two/m);
    assert.equal((await databaseState(project.url)).seeded, false);
  });

  it('migration repair refuses to record a file that is not UTF-8', async () => {
    writeFileSync(path.join(migrations(), '20240103000000_latin1.sql'), LATIN1);
    const repair = project.run(['migration', 'repair', '--status', 'applied', '20240103000000', '--local']);
    assert.equal(repair.code, 1, repair.stderr);
    noCrash(repair.stderr);
    assert.match(repair.stderr, /^failed to record migration 20240103000000_latin1\.sql: ERROR: invalid byte sequence for encoding "UTF8": 0xe9 0x20 0x61 \(SQLSTATE 22021\)$/m);
    assert.ok(!(await databaseState(project.url)).history.includes('20240103000000'));
  });

  it('a migration that is a symbolic link to a file is applied', async () => {
    const shared = path.join(project.root, 'shared-sql');
    mkdirSync(shared, { recursive: true });
    writeFileSync(path.join(shared, 'three.sql'), 'create table public.three (id int primary key);\n');
    symlinkSync(path.join('..', '..', 'shared-sql', 'three.sql'), path.join(migrations(), '20240103000000_three.sql'));
    const up = project.run(['migration', 'up']);
    assert.equal(up.code, 0, up.stderr);
    assert.match(up.stderr, /Applying migration 20240103000000_three\.sql\.\.\./);
    const state = await databaseState(project.url);
    assert.ok(state.tables.includes('three') && state.history.includes('20240103000000'), JSON.stringify(state));
  });

  for (const args of [['migration', 'up'], ['migration', 'list', '--local'], ['db', 'reset']]) {
    it(`a broken link among the migrations fails naming it: supabase ${args.join(' ')}`, async () => {
      writeFileSync(path.join(migrations(), '20240103000000_three.sql'), 'create table public.three (id int primary key);\n');
      symlinkSync(path.join(project.root, 'nowhere', 'gone.sql'), path.join(migrations(), '20240104000000_gone.sql'));
      const before = await databaseState(project.url);
      const run = project.run(args);
      assert.equal(run.code, 1, run.stderr);
      noCrash(run.stderr);
      const lines = run.stderr.split('\n').filter((line) => line !== '' && !/^(Connecting to local database|Resetting local database|Recreating database)\.\.\.$/.test(line));
      assert.equal(lines.length, 2, run.stderr);
      assert.match(lines[0]!, /^supabase\/migrations\/20240104000000_gone\.sql is a broken symbolic link: .*nowhere\/gone\.sql does not exist\.$/);
      assert.deepEqual(await databaseState(project.url), before, 'the database changed');
    });
  }

  it('a migration name too long for a file name is one line, and nothing is written', () => {
    const before = readdirSync(migrations());
    const created = project.run(['migration', 'new', 'x'.repeat(300)]);
    assert.equal(created.code, 1, created.stderr);
    noCrash(created.stderr);
    const lines = created.stderr.split('\n').filter(Boolean);
    assert.equal(lines.length, 2, created.stderr);
    assert.match(lines[0]!, /^invalid migration name "x{300}": the file name \d{14}_x{300}\.sql would be 319 bytes long, more than the 255 a file name can have$/);
    assert.match(lines[1]!, /shorter name/);
    assert.deepEqual(readdirSync(migrations()), before);
  });

  it('a test name too long for a file name is one line, and nothing is written', () => {
    const created = project.run(['test', 'new', 'y'.repeat(250)]);
    assert.equal(created.code, 1, created.stderr);
    noCrash(created.stderr);
    assert.match(created.stderr, /^invalid test name "y{250}": the file name y{250}_test\.sql would be 259 bytes long, more than the 255 a file name can have\nUse a shorter name, such as users\.\n$/);
    assert.ok(!existsSync(path.join(project.root, 'supabase', 'tests')), 'supabase/tests was created');
  });
});
