import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createManagementClient, expectStatus } from '../../tasks/management-api/client/client.js';
import { dashboardUrl, projectDbHost, projectUrl } from '../../tasks/management-api/client/hosts.js';
import { deleteAccessToken, loadAccessToken, saveAccessToken } from '../../tasks/management-api/access-token.js';
import { KeyringUnavailable, type CredentialStore } from '../../tasks/management-api/os-keyring.js';
import { generatedTypes, TYPES_FILE } from '../../scripts/gen-management-api-types.js';
import { ManagementApiServer } from '../helpers/management-api-server.js';
import { freePort } from '../../tasks/native/port-check.js';

const TOKEN = `sbp_${'a1'.repeat(20)}`;
const REF = 'abcdefghijklmnopqrst';

/** An in-memory store standing in for an OS keyring that answers (none answers on these machines). */
function memoryKeyring(): CredentialStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: async (account) => entries.get(account),
    set: async (account, secret) => void entries.set(account, secret),
    delete: async (account) => entries.delete(account),
  };
}

const noKeyring: CredentialStore = {
  get: () => Promise.reject(new KeyringUnavailable('no store')),
  set: () => Promise.reject(new KeyringUnavailable('no store')),
  delete: () => Promise.reject(new KeyringUnavailable('no store')),
};

describe('Management API client', () => {
  it('is typed from the spec by openapi-typescript, and the generated file is current', async () => {
    assert.equal(readFileSync(TYPES_FILE, 'utf8'), await generatedTypes(), 'run npx tsx scripts/gen-management-api-types.ts --write');
  });

  describe('against the spec-validating local server', () => {
    const api = new ManagementApiServer({
      getProjects: () => ({ status: 200, body: [] }),
      getProjectApiKeys: ({ params }) => (params.ref === REF ? { status: 401, raw: '{"message":"Unauthorized"}' } : { status: 500, raw: 'boom' }),
    });
    let host = '';
    before(async () => (host = await api.start()));
    after(() => api.stop());

    it('sends the token and User-Agent, and logs method, path, status and time without the token', async () => {
      const lines: string[] = [];
      const client = createManagementClient({ token: TOKEN, env: { SUPABASE_INTERNAL_API_HOST: host }, debug: (line) => lines.push(line) });
      const projects = await expectStatus('retrieving projects', client.GET('/v1/projects'), [200]);
      assert.deepEqual(projects, []);
      assert.equal(api.calls('getProjects')[0].headers.authorization, `Bearer ${TOKEN}`);
      assert.match(lines[0], /^HTTP GET \/v1\/projects 200 \(\d+ ms\)$/);
      assert.ok(!lines.join('\n').includes(TOKEN));
      assert.deepEqual(api.violations, []);
    });

    it('turns an unexpected answer into the original\'s message, quoting the body as sent', async () => {
      const client = createManagementClient({ token: TOKEN, env: { SUPABASE_INTERNAL_API_HOST: host } });
      await assert.rejects(
        expectStatus('retrieving project api-keys', client.GET('/v1/projects/{ref}/api-keys', { params: { path: { ref: REF } } })),
        { name: 'TaskError', message: 'Unexpected error retrieving project api-keys: {"message":"Unauthorized"}' },
      );
    });

    it('names the API host and the socket error when nothing answers', async () => {
      const closed = `http://127.0.0.1:${await freePort()}`;
      const client = createManagementClient({ token: TOKEN, env: { SUPABASE_INTERNAL_API_HOST: closed } });
      await assert.rejects(client.GET('/v1/projects'), (error: Error) => {
        assert.equal(error.name, 'TaskError');
        assert.equal(error.message.startsWith(`failed to reach the Management API at ${closed}: connect ECONNREFUSED`), true, error.message);
        return true;
      });
    });
  });

  it('knows the hosts of the platform and honours the internal overrides', () => {
    assert.equal(dashboardUrl({}), 'https://supabase.com/dashboard');
    assert.equal(dashboardUrl({ SUPABASE_INTERNAL_API_HOST: 'https://api.supabase.green' }), 'https://app.supabase.green');
    assert.equal(dashboardUrl({ SUPABASE_INTERNAL_API_HOST: 'http://127.0.0.1:4000' }), 'http://127.0.0.1:8082');
    assert.equal(projectUrl(REF, {}), `https://${REF}.supabase.co`);
    assert.equal(projectUrl(REF, { SUPABASE_INTERNAL_API_HOST: 'https://api.supabase.green' }), `https://${REF}.supabase.red`);
    assert.equal(projectUrl(REF, { SUPABASE_INTERNAL_PROJECT_URL: 'http://127.0.0.1:9999/' }), 'http://127.0.0.1:9999');
    assert.equal(projectDbHost(REF, {}), `db.${REF}.supabase.co`);
  });
});

describe('access token storage', () => {
  let home = '';
  beforeEach(async () => (home = await mkdtemp(path.join(os.tmpdir(), 'token-home-'))));
  afterEach(() => rm(home, { recursive: true, force: true }));

  it('without a keyring, saves to ~/.supabase/access-token with mode 0600 and reads it back', async () => {
    const saved = await saveAccessToken(TOKEN, { HOME: home }, noKeyring);
    assert.deepEqual(saved, { kind: 'file', path: path.join(home, '.supabase', 'access-token') });
    assert.equal((await stat(saved.path)).mode & 0o777, 0o600);
    assert.equal(await loadAccessToken({ HOME: home }, noKeyring), TOKEN);
  });

  it('tightens an existing file to 0600 when it saves over it', async () => {
    await mkdir(path.join(home, '.supabase'));
    await writeFile(path.join(home, '.supabase', 'access-token'), 'old', { mode: 0o644 });
    await saveAccessToken(TOKEN, { HOME: home }, noKeyring);
    assert.equal((await stat(path.join(home, '.supabase', 'access-token'))).mode & 0o777, 0o600);
  });

  it('prefers a keyring that answers, and the environment over both', async () => {
    const keyring = memoryKeyring();
    assert.deepEqual(await saveAccessToken(TOKEN, { HOME: home }, keyring), { kind: 'keyring' });
    assert.equal(keyring.entries.get('access-token'), TOKEN);
    const other = `sbp_${'b2'.repeat(20)}`;
    assert.equal(await loadAccessToken({ HOME: home, SUPABASE_ACCESS_TOKEN: other }, keyring), other);
    assert.equal(await loadAccessToken({ HOME: home }, keyring), TOKEN);
  });

  it('refuses a malformed token before saving anything, and reads the file untrimmed as the original does', async () => {
    await assert.rejects(saveAccessToken('sbp_nope', { HOME: home }, noKeyring), /Invalid access token format/);
    await mkdir(path.join(home, '.supabase'));
    await writeFile(path.join(home, '.supabase', 'access-token'), `${TOKEN}\n`);
    await assert.rejects(loadAccessToken({ HOME: home }, noKeyring), /Invalid access token format/);
  });

  it('says how to log in when there is no token anywhere', async () => {
    await assert.rejects(loadAccessToken({ HOME: home }, noKeyring), /^Error: Access token not provided|Access token not provided/);
  });

  it('logout removes the file and the keyring entry, and reports when there was nothing', async () => {
    const keyring = memoryKeyring();
    await saveAccessToken(TOKEN, { HOME: home }, noKeyring);
    await keyring.set('access-token', TOKEN);
    assert.equal(await deleteAccessToken({ HOME: home }, keyring), true);
    assert.equal(keyring.entries.size, 0);
    await assert.rejects(readFile(path.join(home, '.supabase', 'access-token')));
    assert.equal(await deleteAccessToken({ HOME: home }, noKeyring), false);
  });
});
