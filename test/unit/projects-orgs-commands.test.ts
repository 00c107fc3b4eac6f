/**
 * `projects list|create|delete|api-keys` and `orgs list|create` against the spec-validating local
 * Management API: what goes out, what prints, and the original's failure wording
 * (`Unexpected error <doing X>: <body>`).
 */
import assert from 'node:assert/strict';
import { access, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deleteProject } from '../../cli/commands/projects-delete.command.js';
import { commandContext } from '../helpers/command-context.js';
import { ManagementHarness, REF, forbiddenAndBroken } from '../helpers/management-harness.js';
import type { CredentialStore } from '../../tasks/management-api/os-keyring.js';

const OTHER = 'zyxwvutsrqponmlkjihg';
const PROJECTS = [
  { id: REF, organization_id: 'acme', name: 'shop | prod', region: 'eu-central-1', created_at: '2024-02-20T10:15:42.123Z' },
  { id: OTHER, organization_id: 'acme', name: 'labs', region: 'ap-east-1', created_at: 'yesterday' },
];

describe('projects and orgs commands', () => {
  const h = new ManagementHarness();
  before(() => h.start());
  after(() => h.stop());

  describe('projects list', () => {
    it('marks the linked project and shows region labels and UTC times', async () => {
      h.answer('getProjects', { status: 200, body: PROJECTS });
      const result = await h.run(['projects', 'list']);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stderr, '');
      const lines = result.stdout.split('\n');
      assert.deepEqual(lines[1].trim().split(/\s+\|\s+/), ['LINKED', 'ORG ID', 'REFERENCE ID', 'NAME', 'REGION', 'CREATED AT (UTC)']);
      assert.match(lines[3], new RegExp(`^ {2} {2}● +\\| acme +\\| ${REF} \\| shop \\| prod \\| Central EU \\(Frankfurt\\) \\| 2024-02-20 10:15:42$`));
      // An unknown region keeps its code, and a time that does not parse is shown as it came.
      assert.match(lines[4], new RegExp(`^ {3} +\\| acme +\\| ${OTHER} \\| labs +\\| ap-east-1 +\\| yesterday$`));
    });

    it('in an unlinked folder warns on stderr and still lists', async () => {
      h.answer('getProjects', { status: 200, body: PROJECTS });
      const result = await h.run(['projects', 'list', '--workdir', path.join(h.project, 'supabase')]);
      assert.equal(result.code, 0);
      assert.equal(result.stderr, 'Cannot find project ref. Have you run supabase link?\n');
      assert.ok(!result.stdout.includes('●'));
    });

    it('fails with the original wording', async () => {
      const broken = '{"message":"boom"}';
      // getProjects documents only 200, so any failure status is outside the spec by definition.
      await h.expectFailures(['projects', 'list'], 'getProjects', [
        { answer: { status: 500, raw: broken }, message: `Unexpected error retrieving projects: ${broken}` },
      ], { allowViolations: ['getProjects: status 500 is not a documented response'] });
      await h.expectUnreachable(['projects', 'list']);
    });
  });

  describe('projects api-keys', () => {
    it('lists name and key for the --project-ref', async () => {
      h.answer('getProjectApiKeys', { status: 200, body: [{ name: 'anon', api_key: 'eyJ.anon' }, { name: 'service_role', api_key: 'eyJ.service' }] });
      const result = await h.run(['projects', 'api-keys', '--project-ref', OTHER]);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(h.only('getProjectApiKeys').params.ref, OTHER);
      assert.equal(result.stdout, '\n  NAME         | KEY VALUE\n  -------------|------------\n  anon         | eyJ.anon\n  service_role | eyJ.service\n\n');
    });

    it('fails with the original wording', async () => {
      await h.expectFailures(['projects', 'api-keys'], 'getProjectApiKeys', forbiddenAndBroken((body) => `Unexpected error retrieving project api-keys: ${body}`).slice(0, 1));
      await h.expectUnreachable(['projects', 'api-keys']);
    });

    it('refuses a malformed ref before calling the API', async () => {
      const result = await h.run(['projects', 'api-keys', '--project-ref', 'nope']);
      assert.equal(result.code, 1);
      assert.equal(result.stderr.split('\n')[0], 'Invalid project ref format. Must be like `abcdefghijklmnopqrst`.');
      assert.equal(h.api.requests.length, 0);
    });
  });

  describe('projects create', () => {
    const created = { id: OTHER, ref: OTHER, organization_id: 'acme', name: 'labs', region: 'us-east-1', created_at: '2024-02-20T10:15:42Z' };
    const REPORTED = 'Creating project:    labs\nSelected org-id:     acme\nSelected region:     us-east-1\n';
    const full = ['projects', 'create', 'labs', '--org-id', 'acme', '--db-password', 'pw-secret', '--region', 'us-east-1'];

    it('without a terminal sends the four values (never the plan) and prints the dashboard link', async () => {
      h.answer('createProject', { status: 201, body: created });
      const result = await h.run([...full, '--plan', 'pro']);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(h.only('createProject').body, { name: 'labs', organization_id: 'acme', db_pass: 'pw-secret', region: 'us-east-1' });
      assert.equal(result.stdout, `Created a new project labs at http://127.0.0.1:8082/project/${OTHER}\n`);
      assert.equal(result.stderr, REPORTED);
    });

    it('takes the password from SUPABASE_DB_PASSWORD', async () => {
      h.answer('createProject', { status: 201, body: created });
      const result = await h.run(full.filter((_, index) => index < 5 || index > 6), { env: { SUPABASE_DB_PASSWORD: 'from-env' } });
      assert.equal(result.code, 0, result.stderr);
      assert.equal((h.only('createProject').body as { db_pass: string }).db_pass, 'from-env');
    });

    it('without a terminal requires the name and every flag (usage errors, exit 2)', async () => {
      const noName = await h.run(['projects', 'create', '--org-id', 'acme']);
      assert.equal(noName.code, 2);
      assert.equal(noName.stderr.split('\n')[0], 'accepts 1 arg(s), received 0');
      const noFlags = await h.run(['projects', 'create', 'labs', '--org-id', 'acme']);
      assert.equal(noFlags.code, 2);
      assert.equal(noFlags.stderr.split('\n')[0], 'required flag(s) "db-password", "region" not set');
      assert.equal(h.api.requests.length, 0);
    });

    it('refuses a region the CLI does not offer', async () => {
      const result = await h.run(['projects', 'create', 'labs', '--org-id', 'acme', '--db-password', 'x', '--region', 'ap-east-1']);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /^invalid argument "ap-east-1" for "--region" flag: must be one of \[ ap-northeast-1 \| /);
    });

    it('fails with the original wording', async () => {
      const broken = '{"message":"name taken"}';
      await h.expectFailures(full, 'createProject', [
        { answer: { status: 500, raw: broken }, message: `Unexpected error creating project: ${broken}` },
      ], { allowViolations: ['createProject: status 500 is not a documented response'], progress: REPORTED });
      await h.expectUnreachable(full, { progress: REPORTED });
    });
  });

  describe('projects delete', () => {
    const deleted = { id: 7, ref: REF, name: 'shop' };
    const keyring = (): CredentialStore & { deleted: string[] } => {
      const deletedAccounts: string[] = [];
      return { deleted: deletedAccounts, get: async () => undefined, set: async () => {}, delete: async (account) => (deletedAccounts.push(account), true) };
    };

    async function linkFiles(): Promise<void> {
      const temp = path.join(h.project, 'supabase', '.temp');
      await mkdir(temp, { recursive: true });
      for (const name of ['project-ref', 'postgres-version', 'gotrue-version', 'rest-version', 'storage-version', 'pooler-url']) {
        await writeFile(path.join(temp, name), name === 'project-ref' ? `${REF}\n` : 'v1\n');
      }
    }

    it('deletes without asking when not in a terminal (the default is yes) and forgets the link', async () => {
      await linkFiles();
      h.answer('deleteProject', { status: 200, body: deleted });
      const result = await h.run(['projects', 'delete', REF]);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, 'Deleted project: shop\n');
      assert.equal(h.only('deleteProject').params.ref, REF);
      // Only the files link writes about the project go; anything else in .temp stays.
      assert.deepEqual(await readdir(path.join(h.project, 'supabase', '.temp')), ['pooler-url']);
      await writeFile(path.join(h.project, 'supabase', '.temp', 'project-ref'), `${REF}\n`);
    });

    it('removes the saved database password from a keyring that answers', async () => {
      h.answer('deleteProject', { status: 200, body: deleted });
      const store = keyring();
      const ctx = commandContext(h.project, {}, [OTHER]);
      ctx.env = { SUPABASE_INTERNAL_API_HOST: h.host, SUPABASE_ACCESS_TOKEN: `sbp_${'c0'.repeat(20)}` };
      await deleteProject(ctx, store);
      assert.deepEqual(store.deleted, [OTHER]);
      // Another project's deletion leaves this folder's link alone.
      await access(path.join(h.project, 'supabase', '.temp', 'project-ref'));
    });

    it('needs the ref without a terminal, and checks its shape before calling the API', async () => {
      const none = await h.run(['projects', 'delete']);
      assert.equal(none.code, 2);
      assert.equal(none.stderr.split('\n')[0], 'accepts 1 arg(s), received 0');
      const bad = await h.run(['projects', 'delete', 'Not-A-Ref']);
      assert.equal(bad.code, 1);
      assert.equal(bad.stderr.split('\n')[0], 'Invalid project ref format. Must be like `abcdefghijklmnopqrst`.');
      assert.equal(h.api.requests.length, 0);
    });

    it('fails with the original wording', async () => {
      const forbidden = '{"message":"not an owner"}';
      await h.expectFailures(['projects', 'delete', REF], 'deleteProject', [
        { answer: { status: 403, raw: forbidden }, message: `Failed to delete project ${REF}: ${forbidden}` },
      ]);
      // The platform answers 404 for an unknown project although the spec documents only 200 and 403.
      await h.expectFailures(['projects', 'delete', REF], 'deleteProject', [
        { answer: { status: 404, raw: '{"message":"not found"}' }, message: `Project does not exist:${REF}` },
      ], { allowViolations: ['deleteProject: status 404 is not a documented response'] });
      await h.expectUnreachable(['projects', 'delete', REF]);
    });
  });

  describe('orgs', () => {
    it('list shows ID and NAME', async () => {
      h.answer('getOrganizations', { status: 200, body: [{ id: 'acme', name: 'Acme Corp' }] });
      const result = await h.run(['orgs', 'list']);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, '\n  ID   | NAME\n  -----|----------\n  acme | Acme Corp\n\n');
    });

    it('create sends the name and prints the new id', async () => {
      h.answer('createOrganization', { status: 201, body: { id: 'new-org', name: 'New Org' } });
      const result = await h.run(['orgs', 'create', 'New Org']);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(h.only('createOrganization').body, { name: 'New Org' });
      assert.equal(result.stdout, 'Created organization: new-org\n');
    });

    it('fail with the original wording', async () => {
      const broken = '{"message":"internal"}';
      await h.expectFailures(['orgs', 'list'], 'getOrganizations', [
        { answer: { status: 500, raw: broken }, message: `Unexpected error retrieving organizations: ${broken}` },
      ]);
      await h.expectFailures(['orgs', 'create', 'x'], 'createOrganization', [
        { answer: { status: 500, raw: broken }, message: `Unexpected error creating organization: ${broken}` },
      ]);
      await h.expectUnreachable(['orgs', 'list']);
      await h.expectUnreachable(['orgs', 'create', 'x']);
    });
  });
});
