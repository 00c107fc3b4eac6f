/**
 * login, logout, link, unlink, services and the hosted `gen types` route against a local Management
 * API that validates every request and answer against management-api.yaml, and a local stand-in for
 * the project's own endpoints. Messages, files and modes as the original leaves them (the token
 * file 0600, the linked ref under supabase/.temp); every bad input is one line, exit 1, and nothing
 * under supabase/.temp.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { initProject } from '../../tasks/project/init-project.js';
import { runMain } from '../helpers/run-cli.js';
import { HostedProject, REF, TOKEN } from '../helpers/hosted-project.js';
import { freePort } from '../../tasks/native/port-check.js';
import { parse as parseToml } from 'smol-toml';

describe('login, link and the other platform commands', function () {
  this.timeout(30_000);
  const hosted = new HostedProject();
  let home: string;
  let root: string;
  let platform: NodeJS.ProcessEnv;
  const temp = () => path.join(root, 'supabase', '.temp');
  const tempFiles = async () => (await readdir(temp()).catch(() => [] as string[])).sort();
  /** Runs the CLI in the project with the platform's environment (and no token unless given). */
  const cli = (args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}) =>
    runMain(args, { cwd: root, input: options.input, env: { HOME: home, ...platform, ...options.env } });

  before(async () => {
    platform = await hosted.start();
  });
  after(() => hosted.stop());
  beforeEach(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'platform-home-'));
    root = await mkdtemp(path.join(os.tmpdir(), 'platform-project-'));
    await initProject(root);
    hosted.fail.clear();
    hosted.api.violations.length = 0;
  });
  afterEach(async () => {
    assert.deepEqual(hosted.api.violations, []);
    await Promise.all([rm(home, { recursive: true, force: true }), rm(root, { recursive: true, force: true })]);
  });

  describe('login and logout', () => {
    it('saves a piped token to a 0600 file when no keyring answers', async () => {
      const result = await cli(['login'], { input: `${TOKEN}\n`, env: { SUPABASE_ACCESS_TOKEN: '' } });
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, 'You are now logged in. Happy coding!\n');
      const file = path.join(home, '.supabase', 'access-token');
      assert.equal(await readFile(file, 'utf8'), TOKEN);
      assert.equal((await stat(file)).mode & 0o777, 0o600);
    });

    it('reads only stdin without a terminal: --token alone is not enough', async () => {
      const result = await cli(['login', '--token', TOKEN], { input: '' });
      assert.equal(result.code, 1);
      assert.equal(
        result.stderr.split('\n')[0],
        'Cannot use automatic login flow inside non-TTY environments. Please provide --token flag or set the SUPABASE_ACCESS_TOKEN environment variable.',
      );
    });

    it('refuses a malformed token and saves nothing', async () => {
      const result = await cli(['login'], { input: 'sbp_not-a-token' });
      assert.equal(result.code, 1);
      assert.equal(result.stderr.split('\n')[0], 'cannot save provided token: Invalid access token format. Must be like `sbp_0102...1920`.');
      await assert.rejects(stat(path.join(home, '.supabase', 'access-token')));
    });

    it('logout without a terminal keeps the token and says so', async () => {
      await cli(['login'], { input: TOKEN });
      const result = await cli(['logout']);
      assert.equal(result.code, 0);
      assert.equal(result.stderr, 'Not deleting access token.\n');
      assert.equal(await readFile(path.join(home, '.supabase', 'access-token'), 'utf8'), TOKEN);
    });
  });

  describe('link and unlink', () => {
    it('links with empty stdin: API keys, version files, pooler URL, then the ref', async () => {
      hosted.settings.pooler.connection_string = `postgres://postgres.${REF}:[YOUR-PASSWORD]@aws-0-us-east-1.pooler.supabase.com:6543/postgres`;
      const result = await cli(['link', '--project-ref', REF]);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, 'Finished supabase link.\n');
      assert.match(result.stderr, /^Enter your database password \(or leave blank to skip\): \n/);
      assert.equal(hosted.api.calls('getProjectApiKeys')[0]?.headers.authorization, `Bearer ${TOKEN}`);
      assert.deepEqual(await tempFiles(), ['gotrue-version', 'pooler-url', 'postgres-version', 'project-ref', 'rest-version', 'storage-version']);
      const read = (name: string) => readFile(path.join(temp(), name), 'utf8');
      assert.equal(await read('project-ref'), REF);
      assert.equal(await read('postgres-version'), '15.1.0.147');
      assert.equal(await read('rest-version'), 'v12.0.1');
      assert.equal(await read('gotrue-version'), 'v2.132.3');
      assert.equal(await read('storage-version'), 'v0.46.4');
      assert.equal(await read('pooler-url'), hosted.settings.pooler.connection_string);
      assert.ok(hosted.project.requests.every((request) => request.apikey?.startsWith('eyJ')), 'probes carry the anon key');
      const projects = await cli(['projects', 'list']);
      assert.equal(projects.code, 0, projects.stderr);
      assert.match(projects.stdout, new RegExp(`●\\s+\\| acme\\s+\\| ${REF}\\s+\\| demo`));
      delete hosted.settings.pooler.connection_string;
    });

    it('prints the settings that differ as TOML to paste into config.toml', async () => {
      hosted.settings.postgrest = { max_rows: 500, db_schema: 'public,storage,graphql_public,api', db_extra_search_path: 'public,extensions' };
      hosted.settings.pooler.default_pool_size = 15;
      try {
        const result = await cli(['link', '--project-ref', REF]);
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stderr, /Local config differs from linked project\. Try updating supabase\/config\.toml\n$/);
        assert.equal(
          result.stdout,
          'Finished supabase link.\n' +
            '[api]\nenabled = true\nport = 54321\nschemas = ["public", "storage", "graphql_public", "api"]\nextra_search_path = ["public", "extensions"]\nmax_rows = 500\n' +
            '\n[db.pooler]\nenabled = false\nport = 54329\npool_mode = "transaction"\ndefault_pool_size = 15\nmax_client_conn = 100\n',
        );
        // Pasted into config.toml, the snippet sets the pooler's own table (a quoted "db.pooler" key would name another one).
        const pasted = parseToml(result.stdout.replace('Finished supabase link.\n', '')) as { db?: { pooler?: { default_pool_size?: number } } };
        assert.equal(pasted.db?.pooler?.default_pool_size, 15);
      } finally {
        hosted.settings.postgrest = new HostedProject().settings.postgrest;
        hosted.settings.pooler.default_pool_size = 20;
      }
    });

    it('probe failures are silent without --debug and printed with it', async () => {
      hosted.project.versions.storage = '0.0.0';
      try {
        const quiet = await cli(['link', '--project-ref', REF]);
        assert.equal(quiet.code, 0, quiet.stderr);
        assert.doesNotMatch(quiet.stderr, /Storage version not found/);
        assert.ok(!(await tempFiles()).includes('storage-version'));
        const loud = await cli(['link', '--project-ref', REF, '--debug']);
        assert.match(loud.stderr, /Storage version not found\./);
        assert.match(loud.stderr, /HTTP GET \/v1\/projects\/abcdefghijklmnopqrst\/api-keys 200 \(\d+ ms\)/);
        assert.ok(!loud.stderr.includes(TOKEN), 'the token never reaches the debug log');
      } finally {
        hosted.project.versions.storage = '0.46.4';
      }
    });

    it('bad input is one line, exit 1, and nothing in supabase/.temp', async () => {
      const closed = `http://127.0.0.1:${await freePort()}`;
      const cases: Array<{ args: string[]; env?: NodeJS.ProcessEnv; fail?: [string, number, string]; message: RegExp; code?: number }> = [
        { args: ['--project-ref', 'not-a-ref'], message: /^Invalid project ref format\. Must be like `abcdefghijklmnopqrst`\.$/ },
        { args: [], message: /^required flag\(s\) "project-ref" not set$/, code: 2 },
        { args: ['--project-ref', REF], env: { SUPABASE_ACCESS_TOKEN: 'sbp_bad' }, message: /^Invalid access token format\. Must be like `sbp_0102\.\.\.1920`\.$/ },
        { args: ['--project-ref', REF], env: { SUPABASE_INTERNAL_API_HOST: closed }, message: new RegExp(`^failed to reach the Management API at ${closed}: .*ECONNREFUSED`) },
        {
          args: ['--project-ref', REF],
          fail: ['getProjectApiKeys', 401, '{"message":"Unauthorized"}'],
          message: /^Authorization failed for the access token and project ref pair: \{"message":"Unauthorized"\}$/,
        },
        { args: ['--project-ref', REF], fail: ['getProjectApiKeys', 403, 'forbidden'], message: /^Authorization failed for the access token and project ref pair: forbidden$/ },
      ];
      for (const item of cases) {
        hosted.fail.clear();
        if (item.fail) hosted.fail.set(item.fail[0], { status: item.fail[1], raw: item.fail[2] });
        const result = await cli(['link', ...item.args], { env: item.env });
        assert.equal(result.code, item.code ?? 1, `${item.args.join(' ')}: ${result.stderr}`);
        assert.match(result.stderr.split('\n')[0], item.message);
        assert.equal(result.stdout, '');
        assert.deepEqual(await tempFiles(), [], `${item.args.join(' ')} wrote to .temp`);
      }
    });

    it('unlink empties supabase/.temp but keeps the event journal; a second unlink says the folder is not linked', async () => {
      await cli(['link', '--project-ref', REF]);
      await writeFile(path.join(temp(), 'events.jsonl'), '');
      const result = await cli(['unlink']);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stderr, `Unlinking project: ${REF}\n`);
      assert.equal(result.stdout, 'Finished supabase unlink.\n');
      assert.deepEqual(await tempFiles(), ['events.jsonl']);
      const again = await cli(['unlink']);
      assert.equal(again.code, 1);
      assert.equal(again.stderr.split('\n')[0], 'Cannot find project ref. Have you run supabase link?');
    });
  });

  describe('commands that use the link', () => {
    it('services compares local images with the linked project', async () => {
      const unlinked = await cli(['services']);
      assert.equal(unlinked.code, 0, unlinked.stderr);
      assert.match(unlinked.stdout, /SERVICE IMAGE\s+\| LOCAL\s+\| LINKED/);
      assert.match(unlinked.stdout, /supabase\/postgres\s+\| 15\.1\.0\.147\s+\| -/);
      await cli(['link', '--project-ref', REF]);
      hosted.project.versions.gotrue = 'v2.140.0';
      try {
        const result = await cli(['services']);
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stdout, /supabase\/gotrue\s+\| v2\.132\.3\s+\| v2\.140\.0/);
        assert.match(result.stdout, /postgrest\/postgrest\s+\| v12\.0\.1\s+\| v12\.0\.1/);
        assert.match(result.stdout, /supabase\/realtime\s+\| v2\.25\.50\s+\| -/);
        assert.equal(result.stderr, 'Run supabase link to sync your local image versions with the linked project.\n');
      } finally {
        hosted.project.versions.gotrue = 'v2.132.3';
      }
    });

    it('gen types typescript --project-id and --linked print what the types route returns', async () => {
      const byId = await cli(['gen', 'types', 'typescript', '--project-id', REF]);
      assert.equal(byId.code, 0, byId.stderr);
      assert.equal(byId.stdout, hosted.settings.types);
      assert.equal(hosted.api.calls('getTypescriptTypes').at(-1)?.query.get('included_schemas'), 'public');
      await cli(['link', '--project-ref', REF]);
      const linked = await cli(['gen', 'types', 'typescript', '--linked', '--schema', 'public', '--schema', 'api']);
      assert.equal(linked.code, 0, linked.stderr);
      assert.equal(hosted.api.calls('getTypescriptTypes').at(-1)?.query.get('included_schemas'), 'public,api');
      await cli(['gen', 'types', 'typescript', '--linked']);
      assert.equal(hosted.api.calls('getTypescriptTypes').at(-1)?.query.get('included_schemas'), 'public,storage,graphql_public');
      hosted.fail.set('getTypescriptTypes', { status: 500, raw: 'Failed to generate TypeScript types' });
      const failed = await cli(['gen', 'types', 'typescript', '--project-id', REF]);
      assert.equal(failed.code, 1);
      assert.equal(failed.stderr.split('\n')[0], 'failed to retrieve generated types: Failed to generate TypeScript types');
    });

    it('database commands on an unlinked folder give the not-linked message', async () => {
      for (const args of [['inspect', 'db', 'locks'], ['db', 'push'], ['migration', 'list'], ['db', 'lint', '--linked']]) {
        const result = await cli(args);
        assert.equal(result.code, 1, args.join(' '));
        assert.equal(result.stderr.split('\n')[0], 'Cannot find project ref. Have you run supabase link?', args.join(' '));
      }
    });

    it('a linked command with no password and no terminal stops before connecting', async () => {
      await cli(['link', '--project-ref', REF]);
      const result = await cli(['db', 'push'], { env: { SUPABASE_DB_PASSWORD: '' } });
      assert.equal(result.code, 1);
      assert.deepEqual(result.stderr.split('\n').slice(0, 3), [
        'Enter your database password: ',
        `Database password not provided for project ${REF}.`,
        'Pass -p/--password, set SUPABASE_DB_PASSWORD, or pipe the password to standard input.',
      ]);
    });
  });
});
