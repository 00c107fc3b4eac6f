/**
 * examples/user-management/supabase as a user runs it: a copy of the folder is started on the
 * native runtime, its pgTAP suite passes against a local stand-in for the Storage API (the
 * documented settings app.settings.project_url / service_role_key point at it), a failed avatar
 * deletion warns without blocking, the app's committed types match the schema, and after
 * `db reset` the schema has no drift (`db diff`).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { AvatarStorageServer } from '../helpers/avatar-storage-server.js';
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
  let storage: AvatarStorageServer | undefined;
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
    storage = new AvatarStorageServer(envValue(status.stdout, 'SERVICE_ROLE_KEY'));
    const projectUrl = await storage.start();
    // The documented settings, as a project sets them on its database; new sessions read them.
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      await client.query(`alter database postgres set app.settings.project_url = '${projectUrl}'`);
      await client.query(`alter database postgres set app.settings.service_role_key = '${storage.serviceRoleKey}'`);
    } finally {
      await client.end();
    }
  });

  after(async () => {
    if (root) await cli(['stop', '--no-backup']).catch(() => undefined);
    await storage?.stop();
    if (root) await removeDir(root);
  });

  it('passes every assertion of its pgTAP suite', async () => {
    const result = await cli(['test', 'db']);
    succeeded(result, 'test db');
    assert.match(result.stdout, /All tests successful\./);
    const tests = Number(/Tests=(\d+)/.exec(result.stdout)?.[1]);
    assert.ok(tests >= 20, `expected at least 20 assertions, ran ${tests}`);
    // The suite's deletions reached the stand-in, with the key and without a body.
    const deletions = storage!.requests.filter((request) => request.method === 'DELETE');
    assert.ok(deletions.length >= 5, `expected the suite to delete avatars, saw ${deletions.length} DELETE requests`);
    for (const deletion of deletions) {
      assert.equal(deletion.authorization, `Bearer ${storage!.serviceRoleKey}`);
      assert.equal(deletion.bodyBytes, 0);
    }
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
      storage!.objects.set('avatars/kept-then-replaced.png', Buffer.from('png'));
      await client.query(
        `insert into auth.users (id, email, raw_user_meta_data)
         values ('33333333-3333-3333-3333-333333333333', 'warn@example.com', '{"avatar_url": "kept-then-replaced.png"}')`,
      );
      await client.query(`update public.profiles set avatar_url = 'never-uploaded.png' where id = '33333333-3333-3333-3333-333333333333'`);
      assert.equal(storage!.objects.has('avatars/kept-then-replaced.png'), false, 'the replaced avatar is deleted');
      assert.deepEqual(warnings, [], 'a 200 answer raises no warning');

      const updated = await client.query(`update public.profiles set avatar_url = 'next.png' where id = '33333333-3333-3333-3333-333333333333' returning avatar_url`);
      assert.deepEqual(updated.rows, [{ avatar_url: 'next.png' }], 'the update goes through');
      assert.equal(warnings.length, 1);
      assert.match(warnings[0], /^Could not delete avatar: 404 \{.*"Object not found".*\}$/);
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

  it('passes with nothing set beforehand (the native runtime has no Storage API: the assertions that need one are skipped)', async () => {
    succeeded(await cli(['start']), 'start');
    const result = await cli(['test', 'db']);
    succeeded(result, 'test db');
    assert.match(result.stdout, /^avatar-cleanup\.test\.sql \.\. ok$/m);
    assert.match(result.stdout, /All tests successful\./);
  });
});
