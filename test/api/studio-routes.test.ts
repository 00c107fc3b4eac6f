/**
 * The Studio's server side without a browser: the local platform API process (started as `start`
 * starts it, no database) serving the page with this project's settings, its assets only by name,
 * and its /api/ routes refusing what a page of another origin or a bad name would send, while the
 * docs widget's routes answer as before.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { initProject } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';
import { startPlatformApi, stopPlatformApi, type PlatformApiHandle } from '../../tasks/local-platform-api/platform-process.js';
import { freePort, nativeTestEnv, removeDir, tempDir } from '../integration/support/temp-project.js';

describe('the Studio routes of the local platform API', function () {
  this.timeout(60_000);
  const folders: string[] = [];
  let env: NodeJS.ProcessEnv;
  let root: string;
  let config: ProjectConfig;
  let api: PlatformApiHandle;

  const put = (name: string, body: string, type = 'application/json', headers: Record<string, string> = {}) =>
    fetch(`${api.url}/api/snippets/${encodeURIComponent(name)}`, { method: 'PUT', headers: { 'Content-Type': type, ...headers }, body });

  before(async () => {
    env = await nativeTestEnv({ SUPABASE_NATIVE_HOME: await tempDir('studio-routes-home') });
    folders.push(env.SUPABASE_NATIVE_HOME!);
    root = await tempDir('studio-routes');
    folders.push(root);
    await initProject(root);
    config = (await loadConfig(root, { env })).config;
    config.studio.port = await freePort();
    // An API port nothing listens on: the gateway is not running.
    config.api.port = await freePort();
    api = await startPlatformApi({ root, config, env });
  });
  after(async () => {
    await stopPlatformApi(config.project_id, env).catch(() => undefined);
    await Promise.all(folders.map(removeDir));
  });

  it('serves the page with this stack settings, never framed, scripts from itself only', async () => {
    const page = await fetch(`${api.url}/`);
    assert.equal(page.status, 200);
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self';/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, new RegExp(`connect-src 'self' http://127\\.0\\.0\\.1:${config.api.port};`));
    const html = await page.text();
    const settings = JSON.parse(/<script id="studio-config" type="application\/json">(.*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
    assert.deepEqual(settings, {
      projectId: config.project_id,
      apiUrl: `http://127.0.0.1:${config.api.port}`,
      graphqlUrl: `http://127.0.0.1:${config.api.port}/graphql/v1`,
      dbUrl: `postgresql://postgres:postgres@127.0.0.1:${config.db.port}/postgres`,
      anonKey: config.auth.anon_key,
      serviceRoleKey: config.auth.service_role_key,
      jwtSecret: config.auth.jwt_secret,
      snippets: true,
    });
  });

  it('serves the bundle by name and nothing else of the folder', async () => {
    const script = await fetch(`${api.url}/studio/index.js`);
    assert.equal(script.status, 200);
    assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal((await fetch(`${api.url}/studio/..%2Fcli-script.js`)).status, 404);
    assert.equal((await fetch(`${api.url}/studio/missing.css`)).status, 404);
  });

  it('saves a snippet as supabase/snippets/<name>.sql, and refuses a bad name, body or type in one line', async () => {
    const saved = await put('daily totals.sql', JSON.stringify({ sql: 'select 1' }));
    assert.equal(saved.status, 200);
    assert.deepEqual(await saved.json(), { name: 'daily totals', file: path.join('supabase', 'snippets', 'daily totals.sql') });
    assert.equal(await readFile(path.join(root, 'supabase', 'snippets', 'daily totals.sql'), 'utf8'), 'select 1\n');
    assert.deepEqual(await (await fetch(`${api.url}/api/snippets`)).json(), [{ name: 'daily totals', sql: 'select 1\n' }]);

    const escape = await put('../../etc/x', JSON.stringify({ sql: 'select 1' }));
    assert.equal(escape.status, 400);
    assert.match(((await escape.json()) as { message: string }).message, /^invalid snippet name "\.\.\/\.\.\/etc\/x": a snippet name uses letters/);
    const noSql = await put('ok', JSON.stringify({ query: 'select 1' }));
    assert.equal(noSql.status, 400);
    assert.equal(((await noSql.json()) as { message: string }).message, 'the body must be JSON {"sql": "<query>"} of at most 1 MiB');
    // A form another site could post without asking first.
    assert.equal((await put('ok', '{"sql":"select 1"}', 'text/plain')).status, 415);
  });

  it('lists the migration files of the project for the Database section, and names a broken one', async () => {
    const migrations = path.join(root, 'supabase', 'migrations');
    await mkdir(migrations, { recursive: true });
    await writeFile(path.join(migrations, '20240101000000_first.sql'), 'select 1;\n');
    await writeFile(path.join(migrations, 'README.md'), 'not a migration\n');
    const listed = await fetch(`${api.url}/api/migrations`);
    assert.equal(listed.status, 200);
    assert.deepEqual(await listed.json(), { files: [{ version: '20240101000000', name: 'first', file: 'supabase/migrations/20240101000000_first.sql' }], skipped: ['README.md'] });
    await symlink(path.join(root, 'nowhere.sql'), path.join(migrations, '20240102000000_gone.sql'));
    try {
      const broken = await fetch(`${api.url}/api/migrations`);
      assert.equal(broken.status, 409);
      assert.match(((await broken.json()) as { message: string }).message, /^failed to read supabase\/migrations: supabase\/migrations\/20240102000000_gone\.sql is a broken symbolic link: .*nowhere\.sql does not exist\. Point the link at an existing file/);
    } finally {
      await rm(migrations, { recursive: true, force: true });
    }
  });

  it('refuses its API to a page of another origin', async () => {
    const answer = await put('ok', JSON.stringify({ sql: 'drop table x' }), 'application/json', { Origin: 'http://evil.test' });
    assert.equal(answer.status, 403);
    assert.equal(((await answer.json()) as { message: string }).message, 'only the Studio page of this server may call its API');
  });

  it('answers a 502 for postgres-meta while the gateway is down', async () => {
    const answer = await fetch(`${api.url}/api/pg-meta/query`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"query":"select 1"}' });
    assert.equal(answer.status, 502);
  });

  it('keeps the docs widget routes as they were', async () => {
    assert.equal((await fetch(`${api.url}/platform/projects`)).status, 401);
    assert.equal((await fetch(`${api.url}/login?redirect_to=${encodeURIComponent('http://localhost:8000/docs')}`)).status, 200);
  });
});
