/**
 * `gen keys`: the branch password and tokens (derived from the project ref and
 * git branch as the original does), renaming with --override-name (the
 * JWT secret has its own key here), the output formats, and the missing Management API.
 */
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { runGenKeys } from '../../cli/commands/gen-keys.command.js';
import type { CommandContext } from '../../cli/context.js';
import { branchKeys, nameBranchKeys } from '../../tasks/keys/branch-keys.js';
import { decodeClaims } from '../../tasks/keys/jwt.js';
import { runMain } from '../helpers/run-cli.js';
import { ManagementApiServer } from '../helpers/management-api-server.js';

const REF = 'abcdefghijklmnopqrst';
const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

describe('gen keys', () => {
  it('derives the password from ref, secret and branch, and signs ten-year tokens', () => {
    const now = new Date('2024-03-01T00:00:00Z');
    const keys = branchKeys({ ref: REF, jwtSecret: SECRET, branch: 'feature-x', now });
    assert.equal(keys['db.password'], createHash('sha256').update(`${REF}:${SECRET}:feature-x`).digest('hex'));
    assert.equal(keys['db.host'], `${REF}-feature-x.fly.dev`);
    assert.equal(keys['auth.jwt_secret'], SECRET);
    for (const role of ['anon', 'service_role'] as const) {
      const token = keys[role === 'anon' ? 'auth.anon_key' : 'auth.service_role_key'];
      const [header, payload, signature] = token.split('.');
      assert.equal(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url'), signature);
      assert.equal(Buffer.from(payload, 'base64url').toString(), JSON.stringify(decodeClaims(token)));
      assert.deepEqual(decodeClaims(token), { ref: REF, role, iss: 'supabase', exp: now.getTime() / 1000 + 315_360_000 });
    }
  });

  it('renames variables one key at a time; db.password no longer renames the JWT secret', () => {
    const keys = branchKeys({ ref: REF, jwtSecret: SECRET, branch: 'main' });
    const named = nameBranchKeys(keys, ['db.password=PGPASSWORD', 'auth.anon_key=ANON']);
    assert.deepEqual(Object.keys(named), [
      'NEXT_PUBLIC_SUPABASE_URL', 'PGPASSWORD', 'SUPABASE_AUTH_JWT_SECRET', 'ANON', 'SUPABASE_AUTH_SERVICE_ROLE_KEY',
    ]);
    assert.equal(named.SUPABASE_AUTH_JWT_SECRET, SECRET);
    assert.throws(() => nameBranchKeys(keys, ['db.nope=X']), /invalid override "db\.nope=X"/);
  });

  it('prints env by default and json on request, on the branch from GITHUB_HEAD_REF', async () => {
    const run = async (flags: Record<string, string | string[]>) => {
      let stdout = '';
      const ctx = {
        path: 'gen keys', args: [], flags, changed: new Set(Object.keys(flags)), projectRoot: '/nonexistent',
        env: { GITHUB_HEAD_REF: 'pr-7' }, io: { stdout: (text: string) => void (stdout += text) },
      } as unknown as CommandContext;
      await runGenKeys(ctx, async (ref) => `${ref}-secret-of-at-least-thirty-two-characters`);
      return stdout;
    };
    const env = await run({ 'project-ref': REF, output: 'env' });
    assert.match(env, new RegExp(`^NEXT_PUBLIC_SUPABASE_URL="${REF}-pr-7\\.fly\\.dev"\nSUPABASE_DB_PASSWORD="[0-9a-f]{64}"\n`));
    const json = JSON.parse(await run({ 'project-ref': REF, output: 'json', 'override-name': ['db.host=URL'] })) as Record<string, string>;
    assert.equal(json.URL, `${REF}-pr-7.fly.dev`);
  });

  describe('against a local Management API that follows management-api.yaml', () => {
    const TOKEN = `sbp_${'0'.repeat(40)}`;
    const api = new ManagementApiServer({
      getPostgRESTConfig: ({ params }) =>
        params.ref === REF
          ? { status: 200, body: { max_rows: 1000, db_schema: 'public', db_extra_search_path: 'public', jwt_secret: SECRET } }
          : { status: 403 },
    });
    let env: NodeJS.ProcessEnv = {};
    before(async () => {
      env = { SUPABASE_INTERNAL_API_HOST: await api.start(), SUPABASE_ACCESS_TOKEN: TOKEN, GITHUB_HEAD_REF: 'main' };
    });
    after(() => api.stop());

    it('reads the JWT secret with the access token and prints the keys', async () => {
      const result = await runMain(['gen', 'keys', '--experimental', '--project-ref', REF, '-o', 'json'], { cwd: '/tmp', env });
      assert.equal(result.code, 0, result.stderr);
      const keys = JSON.parse(result.stdout) as Record<string, string>;
      assert.equal(keys.SUPABASE_AUTH_JWT_SECRET, SECRET);
      assert.equal(keys.SUPABASE_DB_PASSWORD, createHash('sha256').update(`${REF}:${SECRET}:main`).digest('hex'));
      assert.equal(api.requests.at(-1)?.headers.authorization, `Bearer ${TOKEN}`);
      assert.deepEqual(api.violations, []);
    });

    it('quotes the API\'s answer when the secret cannot be read', async () => {
      const result = await runMain(['gen', 'keys', '--experimental', '--project-ref', 'bbbbbbbbbbbbbbbbbbbb'], { cwd: '/tmp', env });
      assert.equal(result.code, 1);
      assert.match(result.stderr, /^Unexpected error retrieving JWT secret: /);
      assert.deepEqual(api.violations, []);
    });

    it('without a token, says how to provide one; with a bad one, what it must look like', async () => {
      const none = await runMain(['gen', 'keys', '--experimental', '--project-ref', REF], { cwd: '/tmp', env: { ...env, SUPABASE_ACCESS_TOKEN: '', HOME: '/nonexistent' } });
      assert.equal(none.code, 1);
      assert.match(none.stderr, /^Access token not provided\. Supply an access token by running supabase login/);
      const bad = await runMain(['gen', 'keys', '--experimental', '--project-ref', REF], { cwd: '/tmp', env: { ...env, SUPABASE_ACCESS_TOKEN: 'nope' } });
      assert.match(bad.stderr, /^Invalid access token format\. Must be like `sbp_0102\.\.\.1920`\./);
    });

    it('refuses a malformed project ref before calling the API', async () => {
      const result = await runMain(['gen', 'keys', '--experimental', '--project-ref', 'short'], { cwd: '/tmp', env });
      assert.match(result.stderr, /^Invalid project ref format/);
    });
  });
});
