/**
 * The interactive paths of the Management API commands in a real pseudo-terminal: the project
 * picker (`projects delete` without a ref, `secrets list` in an unlinked folder), the delete
 * confirmation, the `projects create` questions, and the hidden root-key prompt.
 * Needs the built binary (`npm test` builds it) and util-linux `script`.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { requireCommand } from '../helpers/require-command.js';
import { ManagementHarness, REF, TOKEN } from '../helpers/management-harness.js';
import { runOnPty, type PtySession } from '../helpers/pty.js';
import { BIN } from '../helpers/run-cli.js';

/** Keys as a terminal sends them. */
const KEYS = { enter: '\r', down: '\u001b[B', ctrlC: '\u0003' };

const OTHER = 'zyxwvutsrqponmlkjihg';
const PROJECTS = [
  { id: REF, organization_id: 'acme', name: 'shop', region: 'eu-central-1', created_at: '2024-02-20T10:15:42Z' },
  { id: OTHER, organization_id: 'acme', name: 'labs', region: 'us-east-1', created_at: '2024-02-21T10:15:42Z' },
];


describe('Management API prompts in a terminal', function () {
  this.timeout(60_000);
  const h = new ManagementHarness();
  let unlinked = '';

  before(async function () {
    requireCommand(this, 'script', ['--version'], 'install bsdutils (util-linux)');
    await h.start();
    unlinked = await mkdtemp(path.join(os.tmpdir(), 'mgmt-unlinked-'));
  });
  after(async () => {
    await h.stop();
    if (unlinked) await rm(unlinked, { recursive: true, force: true });
  });
  beforeEach(() => {
    h.api.requests.length = 0;
    h.api.violations.length = 0;
  });
  const sessions: PtySession[] = [];
  afterEach(() => {
    // A test that failed half way leaves its command at a prompt; Ctrl-C ends it.
    for (const pty of sessions.splice(0)) pty.type(KEYS.ctrlC);
    assert.deepEqual(h.api.violations, []);
  });

  const session = (argv: string[], cwd = h.project) => {
    const env = { ...process.env, SUPABASE_DEBUG: '', SUPABASE_EXPERIMENTAL: '', SUPABASE_INTERNAL_API_HOST: h.host, SUPABASE_ACCESS_TOKEN: TOKEN, HOME: h.project };
    const pty = runOnPty(process.execPath, [BIN, ...argv], { cwd, env });
    sessions.push(pty);
    return pty;
  };

  it('projects delete: picks a project, and declining the confirmation deletes nothing', async () => {
    h.answer('getProjects', { status: 200, body: PROJECTS });
    const pty = session(['projects', 'delete']);
    await pty.waitFor('Which project do you want to delete?');
    await pty.waitFor(OTHER);
    pty.type(KEYS.down);
    // The picker shows the details of the highlighted project under the list.
    await pty.waitFor('name: labs, org: acme, region: us-east-1');
    pty.type(KEYS.enter);
    await pty.waitFor(`Selected project: ${OTHER}`);
    await pty.waitFor(`Do you want to delete project ${OTHER}? This action is irreversible. [Y/n]`);
    pty.type('n\r');
    assert.equal(await pty.exited, 1);
    assert.match(pty.output(), new RegExp(`Not deleting project: ${OTHER}`));
    assert.equal(h.api.calls('deleteProject').length, 0);
  });

  it('projects delete: the default answer (Enter) deletes', async () => {
    h.answer('deleteProject', { status: 200, body: { id: 1, ref: REF, name: 'shop' } });
    const pty = session(['projects', 'delete', REF], unlinked);
    await pty.waitFor('[Y/n]');
    pty.type(KEYS.enter);
    assert.equal(await pty.exited, 0, pty.output());
    assert.match(pty.output(), /Deleted project: shop/);
    assert.equal(h.only('deleteProject').params.ref, REF);
  });

  it('projects create: asks for the name, organization, region and a hidden password', async () => {
    h.answer('getOrganizations', { status: 200, body: [{ id: 'acme', name: 'Acme' }, { id: 'labs-inc', name: 'Labs Inc' }] });
    h.answer('createProject', ({ body }) => {
      const sent = body as { name: string; organization_id: string; region: string };
      return { status: 201, body: { id: OTHER, organization_id: sent.organization_id, name: sent.name, region: sent.region, created_at: '2024-02-21T10:15:42Z' } };
    });
    const pty = session(['projects', 'create']);
    await pty.waitFor('Enter your project name');
    pty.type('labs\r');
    await pty.waitFor('Which organisation do you want to create the project for?');
    await pty.waitFor('Labs Inc');
    pty.type(KEYS.down);
    pty.type(KEYS.enter);
    await pty.waitFor('Selected org-id:     labs-inc');
    await pty.waitFor('Which region do you want to host the project in?');
    await pty.waitFor('Northeast Asia (Tokyo)');
    pty.type(KEYS.down);
    pty.type(KEYS.enter);
    await pty.waitFor('Selected region:     ap-northeast-2');
    await pty.waitFor('Enter your database password');
    pty.type('s3cret-pw\r');
    assert.equal(await pty.exited, 0, pty.output());
    assert.deepEqual(h.only('createProject').body, { name: 'labs', organization_id: 'labs-inc', db_pass: 's3cret-pw', region: 'ap-northeast-2' });
    assert.match(pty.output(), new RegExp(`Created a new project labs at http://127\\.0\\.0\\.1:8082/project/${OTHER}`));
    assert.ok(!pty.output().includes('s3cret-pw'), 'the password was echoed');
  });

  it('projects create: an empty name is refused', async () => {
    const pty = session(['projects', 'create']);
    await pty.waitFor('Enter your project name');
    pty.type('\r');
    assert.equal(await pty.exited, 1);
    assert.match(pty.output(), /project name cannot be empty/);
    assert.equal(h.api.requests.length, 0);
  });

  it('a --project-ref command in an unlinked folder offers the picker', async () => {
    h.answer('getProjects', { status: 200, body: PROJECTS });
    h.answer('getSecrets', { status: 200, body: [{ name: 'STRIPE_KEY', value: 'd1e2' }] });
    const pty = session(['secrets', 'list'], unlinked);
    await pty.waitFor('Select a project:');
    await pty.waitFor(OTHER);
    pty.type(KEYS.enter);
    await pty.waitFor(`Selected project: ${REF}`);
    assert.equal(await pty.exited, 0, pty.output());
    assert.equal(h.only('getSecrets').params.ref, REF);
    assert.match(pty.output(), /STRIPE_KEY \| d1e2/);
  });

  it('encryption update-root-key reads the key without echoing it', async () => {
    h.answer('updatePgsodiumConfig', ({ body }) => ({ status: 200, body }));
    const pty = session(['encryption', 'update-root-key']);
    await pty.waitFor('Enter a new root key');
    pty.type('  new-root-key-value \r');
    assert.equal(await pty.exited, 0, pty.output());
    assert.deepEqual(h.only('updatePgsodiumConfig').body, { root_key: 'new-root-key-value' });
    assert.ok(!pty.output().includes('new-root-key-value'), 'the key was echoed');
    assert.match(pty.output(), /Finished supabase root-key update\./);
  });
});
