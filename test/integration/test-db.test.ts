/**
 * `supabase test db` / `db test` / `test new` against a real PostgreSQL 15 from the native
 * runtime: passing, failing, erroring and mis-planned pgTAP files, nested folders, `.pg` files,
 * psql `\i` includes, exit codes, and pgTAP left as it was found.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withConnection } from '../../tasks/db/connect.js';
import { prove } from '../../tasks/testing/prove.js';
import { runMain } from '../helpers/run-cli.js';
import { startProject, type RunningProject } from './support/running-project.js';

const pass = (n: number) => `begin;\nselect plan(${n});\n${Array.from({ length: n }, (_, i) => `select ok(true, 'check ${i + 1}');`).join('\n')}\nselect * from finish();\nrollback;\n`;

const FILES: Record<string, string> = {
  'tests/a_pass_test.sql': pass(2),
  'tests/nested/deep/b_pass_test.pg': "begin;\n\\i helpers/setup.inc\nselect plan(1);\nselect is(current_setting('test.greeting'), 'hello', 'include ran');\nselect * from finish();\nrollback;\n",
  'tests/helpers/setup.inc': "set test.greeting = 'hello';\n",
  'tests/c_fail_test.sql': "begin;\nselect plan(2);\nselect ok(true, 'fine');\nselect is(1, 2, 'one is two');\nselect * from finish();\nrollback;\n",
  'tests/d_error_test.sql': "begin;\nselect plan(2);\nselect ok(true, 'fine');\nselect * from no_such_table;\nselect * from finish();\nrollback;\n",
  'tests/e_bad_plan_test.sql': "begin;\nselect plan(3);\nselect ok(true, 'one');\nselect ok(true, 'two');\nrollback;\n",
  'tests/notes.txt': 'not a test',
};

describe('test db (pgTAP harness)', function () {
  this.timeout(120_000);
  let project: RunningProject;
  const cli = (args: string[]) => runMain([...args, '--workdir', project.root], { env: project.env });
  const hasPgtap = () =>
    withConnection({ port: project.port }, async (client) => (await client.query("select 1 from pg_extension where extname = 'pgtap'")).rowCount === 1);

  before(async () => {
    project = await startProject(FILES);
  });
  after(async () => {
    await project?.dispose();
  });

  it('runs every .sql and .pg file recursively, reports each and fails the run', async () => {
    const result = await cli(['test', 'db']);
    assert.equal(result.code, 1, result.stderr);
    const out = result.stdout;
    assert.match(out, /^a_pass_test\.sql \.\. ok$/m);
    assert.match(out, /^nested\/deep\/b_pass_test\.pg \.\. ok$/m);
    assert.match(out, /^c_fail_test\.sql \.\. Failed 1\/2 subtests$/m);
    assert.match(out, /# Failed test 2: "one is two"/);
    assert.match(out, /^d_error_test\.sql \.\. Dubious, test returned 3/m);
    assert.match(result.stderr, /relation "no_such_table" does not exist/);
    assert.match(out, /Parse errors: Bad plan\. {2}You planned 3 tests but ran 2\./);
    assert.match(out, /^c_fail_test\.sql \(Wstat: 0 Tests: 2 Failed: 1\)$/m);
    assert.match(out, /^ {2}Failed test: {2}2$/m);
    assert.match(out, /^d_error_test\.sql \(Wstat: 768 \(exited 3\) Tests: 1 Failed: 0\)$/m);
    assert.match(out, /^Files=5, Tests=8, \d+ wallclock secs$/m);
    assert.match(out, /^Result: FAIL$/m);
    assert.doesNotMatch(out, /notes\.txt|setup\.inc/);
    assert.match(result.stderr, /Connecting to local database\.\.\./);
    assert.equal(await hasPgtap(), false, 'pgtap installed by the run is dropped again');
  });

  it('passes with only passing files, given relative to the project root or to supabase/tests', async () => {
    const result = await cli(['test', 'db', 'supabase/tests/a_pass_test.sql', 'nested']);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /All tests successful\.\nFiles=2, Tests=3, \d+ wallclock secs\nResult: PASS\n$/);
  });

  it('the hidden db test behaves the same', async () => {
    const result = await cli(['db', 'test', 'a_pass_test.sql']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /Result: PASS/);
  });

  it('keeps pgtap when it was installed before the run', async () => {
    await withConnection({ port: project.port }, (client) => client.query('create extension pgtap with schema extensions'));
    try {
      const result = await cli(['test', 'db', 'a_pass_test.sql']);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(await hasPgtap(), true);
    } finally {
      await withConnection({ port: project.port }, (client) => client.query('drop extension pgtap'));
    }
  });

  it('prints every TAP line with --debug', async () => {
    const result = await cli(['test', 'db', 'a_pass_test.sql', '--debug']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^1\.\.2\nok 1 - check 1\nok 2 - check 2\nok$/m);
  });

  it('fails clearly for a missing path and for --linked on an unlinked folder', async () => {
    const missing = await cli(['test', 'db', 'nope_test.sql']);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /No such test file or folder: nope_test\.sql/);
    const linked = await cli(['test', 'db', '--linked']);
    assert.equal(linked.code, 1);
    assert.match(linked.stderr, /^Cannot find project ref\. Have you run supabase link\?$/m);
  });

  it('without psql, runs plain SQL files and names psql for files with meta-commands', async () => {
    const testsDir = path.join(project.root, 'supabase', 'tests');
    const out: string[] = [];
    const plain = await prove({ connectionString: project.dbUrl, testsDir, files: [path.join(testsDir, 'a_pass_test.sql')], psql: null, stdout: (t) => void out.push(t), stderr: () => undefined });
    assert.equal(plain.passed, true, out.join(''));
    await assert.rejects(
      prove({ connectionString: project.dbUrl, testsDir, files: [path.join(testsDir, 'nested/deep/b_pass_test.pg')], psql: null, stdout: () => undefined, stderr: () => undefined }),
      /uses the psql meta-command \\i, but psql is not installed/,
    );
    assert.equal(await hasPgtap(), false);
  });

  describe('test new', () => {
    it('writes the pgTAP skeleton, which passes, and refuses to overwrite it', async () => {
      const created = await cli(['test', 'new', 'profiles']);
      assert.equal(created.code, 0, created.stderr);
      assert.equal(created.stdout, 'Created new pgtap test at supabase/tests/profiles_test.sql.\n');
      const text = await readFile(path.join(project.root, 'supabase/tests/profiles_test.sql'), 'utf8');
      assert.match(text, /^BEGIN;\nSELECT plan\(1\);/);
      assert.match(text, /https:\/\/pgtap\.org\/documentation\.html/);
      assert.match(text, /ROLLBACK;\n$/);
      const ran = await cli(['test', 'db', 'profiles_test.sql']);
      assert.equal(ran.code, 0, ran.stdout + ran.stderr);
      const again = await cli(['test', 'new', 'profiles']);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /supabase\/tests\/profiles_test\.sql already exists\./);
      await writeFile(path.join(project.root, 'supabase/tests/profiles_test.sql'), text);
    });
  });
});
