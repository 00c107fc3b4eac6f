/**
 * `secrets list|set|unset`, `snippets list|download` and `encryption get-root-key|update-root-key`
 * against the spec-validating local Management API, with the original's routes and printed lines.
 */
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ManagementHarness, REF, forbiddenAndBroken } from '../helpers/management-harness.js';

const SNIPPET_ID = '2f1d3c8e-5b6a-4c7d-8e9f-0a1b2c3d4e5f';
const user = { id: 1, username: 'ada' };
const snippetMeta = {
  id: SNIPPET_ID,
  inserted_at: '2024-02-01T08:00:00Z',
  updated_at: '2024-02-03T09:30:00.5Z',
  type: 'sql' as const,
  visibility: 'project' as const,
  name: 'Top customers',
  description: null,
  project: { id: 3, name: 'shop' },
  owner: user,
  updated_by: user,
};

describe('secrets, snippets and encryption commands', () => {
  const h = new ManagementHarness();
  before(() => h.start());
  after(() => h.stop());

  describe('secrets', () => {
    it('list shows names and digests of the linked project', async () => {
      h.answer('getSecrets', { status: 200, body: [{ name: 'STRIPE_KEY', value: 'd1e2a3' }] });
      const result = await h.run(['secrets', 'list']);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(h.only('getSecrets').params.ref, REF);
      assert.equal(result.stdout, '\n  NAME       | DIGEST\n  -----------|-------\n  STRIPE_KEY | d1e2a3\n\n');
    });

    it('set sends NAME=VALUE pairs split at the first =', async () => {
      h.answer('createSecrets', { status: 201 });
      const result = await h.run(['secrets', 'set', 'A=1', 'URL=postgres://u:p@h/db?x=y', 'EMPTY=']);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(h.only('createSecrets').body, [
        { name: 'A', value: '1' },
        { name: 'URL', value: 'postgres://u:p@h/db?x=y' },
        { name: 'EMPTY', value: '' },
      ]);
      assert.equal(result.stdout, 'Finished supabase secrets set.\n');
    });

    it('set reads --env-file with dotenv (quotes, comments, export) and ignores the arguments', async () => {
      await writeFile(path.join(h.project, '.env'), '# keys\nexport STRIPE_KEY=sk_test\nGREETING="hello world"\nMULTI="a\\nb"\n');
      h.answer('createSecrets', { status: 201 });
      const result = await h.run(['secrets', 'set', '--env-file', '.env', 'IGNORED=1']);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(h.only('createSecrets').body, [
        { name: 'STRIPE_KEY', value: 'sk_test' },
        { name: 'GREETING', value: 'hello world' },
        { name: 'MULTI', value: 'a\nb' },
      ]);
    });

    it('set refuses bad input before sending anything', async () => {
      const cases: Array<[string[], string, number]> = [
        [['secrets', 'set'], 'No arguments found. Use --env-file to read from a .env file.', 1],
        [['secrets', 'set', 'A=1', 'NOEQUALS'], 'Invalid secret pair: NOEQUALS. Must be NAME=VALUE.', 1],
        [['secrets', 'set', '=value'], 'Invalid secret pair: =value. Must be NAME=VALUE.', 1],
        [['secrets', 'set', 'OK=1', 'SUPABASE_URL=x'], 'Secret names cannot start with SUPABASE_: SUPABASE_URL', 1],
      ];
      for (const [argv, message, code] of cases) {
        const result = await h.run(argv);
        assert.equal(result.code, code, argv.join(' '));
        assert.equal(result.stderr.split('\n')[0], message);
        assert.equal(h.api.requests.length, 0);
      }
      await writeFile(path.join(h.project, 'reserved.env'), 'SUPABASE_ANON_KEY=x\n');
      const reserved = await h.run(['secrets', 'set', '--env-file', 'reserved.env']);
      assert.equal(reserved.stderr.split('\n')[0], 'Secret names cannot start with SUPABASE_: SUPABASE_ANON_KEY');
      const missing = await h.run(['secrets', 'set', '--env-file', 'nope.env']);
      assert.equal(missing.code, 1);
      assert.equal(missing.stderr, `open ${path.join(h.project, 'nope.env')}: no such file or directory\nCheck the path given to --env-file.\n`);
    });

    it('unset sends the names, or an empty list', async () => {
      h.answer('deleteSecrets', { status: 200, body: {} });
      const result = await h.run(['secrets', 'unset', 'A', 'B']);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(h.only('deleteSecrets').body, ['A', 'B']);
      assert.equal(result.stdout, 'Finished supabase secrets unset.\n');
      await h.run(['secrets', 'unset']);
      assert.deepEqual(h.only('deleteSecrets').body, []);
    });

    it('fail with the original wording', async () => {
      await h.expectFailures(['secrets', 'list'], 'getSecrets', forbiddenAndBroken((body) => `Unexpected error retrieving project secrets: ${body}`));
      await h.expectFailures(['secrets', 'set', 'A=1'], 'createSecrets', forbiddenAndBroken((body) => `Unexpected error setting project secrets: ${body}`));
      await h.expectFailures(['secrets', 'unset', 'A'], 'deleteSecrets', forbiddenAndBroken((body) => `Unexpected error unsetting project secrets: ${body}`));
      for (const argv of [['secrets', 'list'], ['secrets', 'set', 'A=1'], ['secrets', 'unset', 'A']]) await h.expectUnreachable(argv);
    });

    it('without a link or --project-ref, says to link first', async () => {
      const result = await h.run(['secrets', 'list', '--workdir', path.join(h.project, 'supabase')]);
      assert.equal(result.code, 1);
      assert.equal(result.stderr.split('\n')[0], 'Cannot find project ref. Have you run supabase link?');
    });
  });

  describe('snippets', () => {
    it('list asks for the linked project\'s snippets and shows the owner and UTC times', async () => {
      h.answer('listSnippets', { status: 200, body: { data: [snippetMeta] } });
      const result = await h.run(['snippets', 'list']);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(h.only('listSnippets').query.get('project_ref'), REF);
      const lines = result.stdout.split('\n');
      assert.deepEqual(lines[1].trim().split(/\s+\|\s+/), ['ID', 'NAME', 'VISIBILITY', 'OWNER', 'CREATED AT (UTC)', 'UPDATED AT (UTC)']);
      assert.deepEqual(lines[3].trim().split(/\s+\|\s+/), [SNIPPET_ID, 'Top customers', 'project', 'ada', '2024-02-01 08:00:00', '2024-02-03 09:30:00']);
    });

    it('list uses only the linked file: --project-ref does not exist and SUPABASE_PROJECT_ID is not read', async () => {
      const unknown = await h.run(['snippets', 'list', '--project-ref', REF]);
      assert.equal(unknown.code, 2);
      const unlinked = await h.run(['snippets', 'list', '--workdir', path.join(h.project, 'supabase')], { env: { SUPABASE_PROJECT_ID: REF } });
      assert.equal(unlinked.code, 1);
      assert.equal(unlinked.stderr.split('\n')[0], 'Cannot find project ref. Have you run supabase link?');
    });

    it('download prints the SQL', async () => {
      h.answer('getSnippet', { status: 200, body: { ...snippetMeta, content: { favorite: false, schema_version: '1', sql: 'select 1;' } } });
      const result = await h.run(['snippets', 'download', SNIPPET_ID]);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(h.only('getSnippet').params.id, SNIPPET_ID);
      assert.equal(result.stdout, 'select 1;\n');
    });

    it('fail with the original wording', async () => {
      const broken = '{"message":"internal"}';
      await h.expectFailures(['snippets', 'list'], 'listSnippets', [{ answer: { status: 500, raw: broken }, message: `Unexpected error listing SQL snippets: ${broken}` }]);
      await h.expectFailures(['snippets', 'download', SNIPPET_ID], 'getSnippet', [{ answer: { status: 500, raw: broken }, message: `Unexpected error downloading SQL snippet: ${broken}` }]);
      await h.expectUnreachable(['snippets', 'list']);
      await h.expectUnreachable(['snippets', 'download', SNIPPET_ID]);
    });
  });

  describe('encryption', () => {
    it('get-root-key prints the key', async () => {
      h.answer('getPgsodiumConfig', { status: 200, body: { root_key: 'ab'.repeat(32) } });
      const result = await h.run(['encryption', 'get-root-key', '--project-ref', REF]);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, `${'ab'.repeat(32)}\n`);
    });

    it('update-root-key reads the key from piped stdin, trimmed', async () => {
      h.answer('updatePgsodiumConfig', ({ body }) => ({ status: 200, body }));
      const result = await h.run(['encryption', 'update-root-key'], { input: `  ${'cd'.repeat(32)}\n` });
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(h.only('updatePgsodiumConfig').body, { root_key: 'cd'.repeat(32) });
      assert.equal(result.stdout, 'Finished supabase root-key update.\n');
      assert.ok(!result.stderr.includes('cd'.repeat(32)));
    });

    it('fail with the original wording', async () => {
      await h.expectFailures(['encryption', 'get-root-key'], 'getPgsodiumConfig', forbiddenAndBroken((body) => `Unexpected error retrieving project root key: ${body}`));
      await h.expectFailures(['encryption', 'update-root-key'], 'updatePgsodiumConfig', forbiddenAndBroken((body) => `Unexpected error updating project root key: ${body}`), { input: 'key\n', progress: 'Enter a new root key: \n' });
      await h.expectUnreachable(['encryption', 'get-root-key']);
      await h.expectUnreachable(['encryption', 'update-root-key'], { input: 'key\n', progress: 'Enter a new root key: \n' });
    });
  });

  after(() => rm(path.join(h.project, '.env'), { force: true }));
});
