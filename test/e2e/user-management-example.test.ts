/**
 * examples/user-management/supabase as a user runs it: a copy of the folder is started on the
 * native runtime, its pgTAP suite passes against the stack's own Storage API (the documented
 * settings app.settings.project_url / service_role_key point at the gateway), a failed avatar
 * deletion warns without blocking, the app's committed types match the schema, and after
 * `db reset` the schema has no drift (`db diff`).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { copyExampleProject, envValue } from '../helpers/example-project.js';
import { runCliAsync, type CliResult } from '../helpers/run-cli.js';
import { nativeTestEnv, removeDir, tempDir } from '../integration/support/temp-project.js';

const APP_TYPES = fileURLToPath(new URL('../../examples/user-management/app/src/database.types.ts', import.meta.url));

function succeeded(result: CliResult, what: string): void {
  assert.equal(result.code, 0, `${what} failed:\n${result.stdout}\n${result.stderr}`);
}

describe('examples/user-management on the native runtime', function () {
  this.timeout(300_000);
  let root: string;
  let env: NodeJS.ProcessEnv;
  let storage: SupabaseClient;
  let dbUrl: string;
  const cli = (args: string[]) => runCliAsync([...args, '--workdir', root], { env });

  before(async () => {
    root = await tempDir('user-management');
    await copyExampleProject(root);
    env = await nativeTestEnv({ SUPABASE_RUNTIME: 'native' });
    succeeded(await cli(['start']), 'start');
    const status = await cli(['status', '-o', 'env']);
    succeeded(status, 'status');
    dbUrl = envValue(status.stdout, 'DB_URL');
    const projectUrl = envValue(status.stdout, 'API_URL');
    const serviceRoleKey = envValue(status.stdout, 'SERVICE_ROLE_KEY');
    storage = createClient(projectUrl, serviceRoleKey, { auth: { persistSession: false } });
    // The documented settings, as a project sets them on its database; new sessions (the test
    // runner's, the test's own) read them.
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      await client.query(`alter database postgres set app.settings.project_url = '${projectUrl}'`);
      await client.query(`alter database postgres set app.settings.service_role_key = '${serviceRoleKey}'`);
    } finally {
      await client.end();
    }
  });

  after(async () => {
    if (root) await cli(['stop', '--no-backup']).catch(() => undefined);
    if (root) await removeDir(root);
  });

  it('passes every assertion of its pgTAP suite', async () => {
    const result = await cli(['test', 'db']);
    succeeded(result, 'test db');
    assert.match(result.stdout, /All tests successful\./);
    const tests = Number(/Tests=(\d+)/.exec(result.stdout)?.[1]);
    assert.ok(tests >= 20, `expected at least 20 assertions, ran ${tests}`);
    // The avatar assertions ran against the native Storage, none skipped for want of one.
    assert.doesNotMatch(result.stdout, /skip/i);
  });

  it('deletes the old avatar on 200, and on any other status warns "Could not delete avatar" without blocking', async () => {
    const client = new pg.Client({ connectionString: dbUrl });
    const warnings: string[] = [];
    client.on('notice', (notice) => {
      if (notice.severity === 'WARNING') warnings.push(notice.message ?? '');
    });
    await client.connect();
    try {
      await client.query('begin');
      const uploaded = await storage.storage.from('avatars').upload('kept-then-replaced.png', Buffer.from('png'), { contentType: 'image/png' });
      assert.equal(uploaded.error, null);
      await client.query(
        `insert into auth.users (id, email, raw_user_meta_data)
         values ('33333333-3333-3333-3333-333333333333', 'warn@example.com', '{"avatar_url": "kept-then-replaced.png"}')`,
      );
      await client.query(`update public.profiles set avatar_url = 'never-uploaded.png' where id = '33333333-3333-3333-3333-333333333333'`);
      const left = await storage.storage.from('avatars').list('', { search: 'kept-then-replaced' });
      assert.deepEqual(left.data, [], 'the replaced avatar is deleted');
      assert.deepEqual(warnings, [], 'a 200 answer raises no warning');

      const updated = await client.query(`update public.profiles set avatar_url = 'next.png' where id = '33333333-3333-3333-3333-333333333333' returning avatar_url`);
      assert.deepEqual(updated.rows, [{ avatar_url: 'next.png' }], 'the update goes through');
      assert.equal(warnings.length, 1);
      // storage-api v0.46.4's answer for a missing object: HTTP 400, "statusCode": "404" in the body.
      assert.match(warnings[0], /^Could not delete avatar: 400 \{.*"statusCode":"404".*"Object not found".*\}$/);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  });

  it('the app\'s committed types are what `gen types typescript --local` prints', async () => {
    const types = await cli(['gen', 'types', 'typescript', '--local']);
    succeeded(types, 'gen types');
    assert.equal(types.stdout, await readFile(APP_TYPES, 'utf8'), 'regenerate app/src/database.types.ts (see examples/user-management/README.md)');
  });

  it('resets, and then `db diff` finds no schema changes', async () => {
    succeeded(await cli(['db', 'reset']), 'db reset');
    const diff = await cli(['db', 'diff']);
    succeeded(diff, 'db diff');
    assert.match(`${diff.stdout}\n${diff.stderr}`, /No schema changes found/);
    assert.equal(diff.stdout.trim(), '', `db diff printed SQL:\n${diff.stdout}`);
  });
});

describe('examples/user-management as its guide runs it: supabase start, then supabase test db', function () {
  this.timeout(300_000);
  let root: string;
  let env: NodeJS.ProcessEnv;
  // In the copy's folder, as the guide's `cd examples/user-management` has it: no --workdir.
  const cli = (args: string[]) => runCliAsync(args, { env, cwd: root });

  before(async () => {
    root = await tempDir('user-management-guide');
    await copyExampleProject(root);
    env = await nativeTestEnv({ SUPABASE_RUNTIME: 'native' });
  });

  after(async () => {
    if (root) await cli(['stop', '--no-backup']).catch(() => undefined);
    if (root) await removeDir(root);
  });

  it('passes with nothing set beforehand (the copy\'s API is off the default port the suite tries, so the assertions that need Storage are skipped)', async () => {
    succeeded(await cli(['start']), 'start');
    const result = await cli(['test', 'db']);
    succeeded(result, 'test db');
    assert.match(result.stdout, /^avatar-cleanup\.test\.sql \.\. ok$/m);
    assert.match(result.stdout, /All tests successful\./);
  });
});
