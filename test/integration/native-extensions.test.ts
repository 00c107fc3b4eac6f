/**
 * The native runtime's own extensions (native-extensions/: http, pg_net, pgjwt, supabase_vault) and
 * pg_cron preloading, on a real PostgreSQL 15 cluster started by the native runtime with the
 * system's binaries (Debian's postgresql-15, postgresql-plpython3-15 and postgresql-15-cron,
 * which .ci/run installs), against a real HTTP server on loopback.
 */
import assert from 'node:assert/strict';
import { access, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { initProject } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';
import { nativeRuntime } from '../../tasks/native/native-runtime.js';
import { ensurePgNetWorker, stopPgNetWorker } from '../../tasks/pg-net/pg-net-process.js';
import { withConnection, withDatabase } from '../../tasks/db/connect.js';
import { resetNativeDatabase } from '../../tasks/db/reset.js';
import { listMigrations } from '../../tasks/db/migration-files.js';
import { withShadow } from '../../tasks/db/shadow.js';
import { diffSchemas } from '../../tasks/db/schema-diff.js';
import { DIFF_EXCLUDED_SCHEMAS, listSchemas } from '../../tasks/db/schemas.js';
import { prove } from '../../tasks/testing/prove.js';
import { freePort, nativeTestEnv, removeDir, tempDir } from './support/temp-project.js';

/**
 * The project's migrations: one per extension, so another extension (pg_net) is one more entry.
 * Each creates its extension as real projects write it.
 */
export const EXTENSION_MIGRATIONS: Record<string, string> = {
  '20240101000000_http.sql': 'create extension if not exists http with schema extensions;\n',
  '20240101000001_vault.sql': 'create extension if not exists supabase_vault with schema vault;\n',
  '20240101000002_pgjwt.sql': 'create extension if not exists pgjwt with schema extensions;\n',
  '20240101000003_cron.sql':
    "create extension if not exists pg_cron with schema pg_catalog;\ngrant usage on schema cron to postgres;\nselect cron.schedule('nightly-vacuum', '0 3 * * *', 'vacuum');\n",
  '20240101000004_pg_net.sql': 'create extension if not exists pg_net with schema extensions;\n',
};

async function requireSystemPackages(): Promise<boolean> {
  for (const file of ['/usr/lib/postgresql/15/bin/postgres', '/usr/lib/postgresql/15/lib/plpython3.so', '/usr/lib/postgresql/15/lib/pg_cron.so']) {
    try {
      await access(file);
    } catch {
      if (process.env.CI === 'true') throw new Error(`${file} is missing: apt-get install postgresql-15 postgresql-plpython3-15 postgresql-15-cron`);
      return false;
    }
  }
  return true;
}

describe('native runtime extensions', function () {
  this.timeout(180_000);
  let env: NodeJS.ProcessEnv;
  let root: string;
  let config: ProjectConfig;
  let server: http.Server;
  let base: string;

  before(async function () {
    if (!(await requireSystemPackages())) this.skip();
    env = await nativeTestEnv({ SUPABASE_NATIVE_POSTGRES: 'system' });
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (req.url?.startsWith('/slow')) {
          setTimeout(() => res.end('late'), 3_000).unref();
          return;
        }
        res.setHeader('X-Answer', '42');
        res.setHeader('Content-Type', 'application/json');
        res.statusCode = req.url?.startsWith('/missing') ? 404 : 200;
        res.end(JSON.stringify({ method: req.method, url: req.url, body, contentType: req.headers['content-type'] ?? null }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    root = await tempDir('native-ext');
    await initProject(root);
    await mkdir(path.join(root, 'supabase', 'migrations'), { recursive: true });
    for (const [name, sql] of Object.entries(EXTENSION_MIGRATIONS)) await writeFile(path.join(root, 'supabase', 'migrations', name), sql);
    ({ config } = await loadConfig(root, { env }));
    config.db.port = await freePort();
    const started = await nativeRuntime.start({ root, config }, { env });
    assert.equal(started.migrations?.applied.length, Object.keys(EXTENSION_MIGRATIONS).length);
    // What the native stack runs beside the server (pg-net.test.ts covers it through start/stop).
    assert.ok(await ensurePgNetWorker({ projectId: config.project_id, port: config.db.port, env }));
  });
  after(async () => {
    if (config) await stopPgNetWorker(config.project_id, env);
    if (config) await nativeRuntime.destroyData(config.project_id, { env }).catch(() => undefined);
    if (root) await removeDir(root);
    server?.closeAllConnections();
    server?.close();
  });

  const db = <T>(work: Parameters<typeof withConnection<T>>[1]) => withConnection({ port: config.db.port }, work);

  it('each extension says it is the native runtime implementation', async () => {
    await db(async (client) => {
      const { rows } = await client.query<{ name: string; comment: string }>(
        "select name, comment from pg_available_extensions where name in ('http', 'pg_net', 'pgjwt', 'supabase_vault') order by name",
      );
      assert.deepEqual(rows.map((r) => r.name), ['http', 'pg_net', 'pgjwt', 'supabase_vault']);
      for (const row of rows) assert.match(row.comment, /native runtime implementation/, row.name);
    });
  });

  it('http_get returns the status, headers and body of a real server', async () => {
    await db(async (client) => {
      const { rows } = await client.query(
        `select status, content_type, content,
                (select h.value from unnest(headers) h where lower(h.field) = 'x-answer') as answer
           from extensions.http_get($1)`,
        [`${base}/hello?x=1`],
      );
      assert.equal(rows[0].status, 200);
      assert.equal(rows[0].content_type, 'application/json');
      assert.equal(rows[0].answer, '42');
      assert.deepEqual(JSON.parse(rows[0].content), { method: 'GET', url: '/hello?x=1', body: '', contentType: null });
      const posted = await client.query("select status, content from extensions.http_post($1, 'ping', 'text/plain')", [`${base}/missing`]);
      assert.equal(posted.rows[0].status, 404);
      assert.deepEqual(JSON.parse(posted.rows[0].content), { method: 'POST', url: '/missing', body: 'ping', contentType: 'text/plain' });
      const encoded = await client.query(`select extensions.urlencode('a b&c/é') as s, extensions.urlencode('{"q":"x y","n":1}'::jsonb) as j`);
      assert.deepEqual(encoded.rows[0], { s: 'a%20b%26c%2F%C3%A9', j: 'n=1&q=x%20y' });
    });
  });

  it('honours http.timeout_msec', async () => {
    await db(async (client) => {
      await client.query('set http.timeout_msec = 300');
      const began = Date.now();
      await assert.rejects(client.query('select extensions.http_get($1)', [`${base}/slow`]), /timed out after 300 milliseconds/);
      assert.ok(Date.now() - began < 2_500, `took ${Date.now() - began} ms`);
    });
  });

  it('vault round-trips a secret and stores it encrypted', async () => {
    await db(async (client) => {
      const id = (await client.query("select vault.create_secret('s3cret-value', 'api_key', 'for a test') as id")).rows[0].id as string;
      const stored = (await client.query('select secret from vault.secrets where id = $1', [id])).rows[0].secret as string;
      assert.ok(!stored.includes('s3cret-value'));
      assert.ok(!Buffer.from(stored, 'base64').toString('latin1').includes('s3cret-value'));
      const read = async () => (await client.query('select decrypted_secret from vault.decrypted_secrets where id = $1', [id])).rows[0].decrypted_secret;
      assert.equal(await read(), 's3cret-value');
      await client.query("select vault.update_secret($1, 'new-value')", [id]);
      assert.equal(await read(), 'new-value');
    });
    const key = await readFile(path.join(env.SUPABASE_NATIVE_HOME!, config.project_id, 'data', 'supabase_vault.key'), 'utf8');
    assert.match(key.trim(), /^[0-9a-f]{64}$/);
  });

  it('pgjwt signs tokens jose verifies, and verifies tokens jose signs', async () => {
    const secret = 'super-secret-jwt-token-with-at-least-32-characters';
    await db(async (client) => {
      for (const alg of ['HS256', 'HS384', 'HS512']) {
        const token = (await client.query(`select extensions.sign('{"sub":"u1","role":"authenticated"}'::json, $1, $2) as t`, [secret, alg])).rows[0].t as string;
        const verified = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: [alg] });
        assert.equal(verified.payload.sub, 'u1');
        const signed = await new SignJWT({ role: 'anon' }).setProtectedHeader({ alg, typ: 'JWT' }).setExpirationTime('1h').sign(new TextEncoder().encode(secret));
        const { rows } = await client.query('select header, payload, valid from extensions.verify($1, $2, $3)', [signed, secret, alg]);
        assert.equal(rows[0].valid, true, alg);
        assert.equal(rows[0].payload.role, 'anon');
        assert.equal((await client.query('select valid from extensions.verify($1, $2, $3)', [signed, 'wrong', alg])).rows[0].valid, false);
      }
      const expired = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(Math.floor(Date.now() / 1000) - 60).sign(new TextEncoder().encode(secret));
      assert.equal((await client.query('select valid from extensions.verify($1, $2)', [expired, secret])).rows[0].valid, false);
    });
  });

  it('a pgTAP suite over http, vault and pgjwt passes through the runner test db uses', async () => {
    // The same checks in SQL, as a project's own tests would write them (the server's port is only
    // known now, so the file is written here).
    const tests = path.join(root, 'supabase', 'tests');
    await mkdir(tests, { recursive: true });
    const file = path.join(tests, 'native_extensions_test.sql');
    await writeFile(
      file,
      `begin;
select plan(8);
select is((extensions.http_get('${base}/hello')).status, 200, 'http_get answers with the status of the server');
select is((select value from unnest((extensions.http_get('${base}/hello')).headers) where lower(field) = 'x-answer'), '42', 'http_get returns the headers');
select ok((extensions.http_get('${base}/hello')).content like '%"method":"GET"%', 'http_get returns the body');
select is((extensions.http_post('${base}/form', 'a=1', 'application/x-www-form-urlencoded')).status, 200, 'http_post is sent');
select is((extensions.http_get('${base}/missing')).status, 404, 'a status other than 200 is returned, not raised');
select lives_ok($$select vault.create_secret('pgtap-value', 'pgtap_secret')$$, 'vault stores a secret');
select is((select decrypted_secret from vault.decrypted_secrets where name = 'pgtap_secret'), 'pgtap-value', 'vault decrypts it, and the stored value is not the plain text')
  from vault.secrets where name = 'pgtap_secret' and secret <> 'pgtap-value';
select is((extensions.verify(extensions.sign('{"sub":"u1"}'::json, 'pgtap-key'), 'pgtap-key')).valid, true, 'pgjwt verifies what it signs');
select * from finish();
rollback;
`,
    );
    let output = '';
    const report = await prove({
      connectionString: `postgresql://postgres:postgres@127.0.0.1:${config.db.port}/postgres`,
      testsDir: tests,
      files: [file],
      env,
      stdout: (text) => (output += text),
      stderr: (text) => (output += text),
    });
    assert.ok(report.passed, output);
    assert.equal(report.tests, 8, output);
  });

  /** Waits up to `ms` for pg_net's response row to request `id`. */
  const responseRow = (id: string, ms: number) =>
    db(async (client) => {
      for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 10))) {
        const { rows } = await client.query('select status_code, content from net._http_response where id = $1', [id]);
        if (rows[0]) return rows[0] as { status_code: number; content: string };
      }
      throw new Error(`no pg_net response to request ${id} within ${ms} ms`);
    });

  it('pg_net delivers a POST and its response row appears within a second', async () => {
    const id = await db(async (client) => (await client.query(`select net.http_post($1, '{"n": 1}'::jsonb) as id`, [`${base}/net`])).rows[0].id as string);
    const row = await responseRow(id, 1000);
    assert.equal(row.status_code, 200);
    assert.deepEqual(JSON.parse(row.content), { method: 'POST', url: '/net', body: '{"n": 1}', contentType: 'application/json' });
  });

  it('pg_cron is preloaded for the postgres database and schedules jobs', async () => {
    await db(async (client) => {
      assert.equal((await client.query("select current_setting('cron.database_name') as d")).rows[0].d, 'postgres');
      const { rows } = await client.query("select jobname, schedule from cron.job where jobname = 'nightly-vacuum'");
      assert.deepEqual(rows, [{ jobname: 'nightly-vacuum', schedule: '0 3 * * *' }]);
    });
  });

  it('db reset recreates it all, and a diff against the migrations is clean', async () => {
    // pg_cron can only be created in `postgres`, so this shadow is a scratch cluster of its own.
    const url = `postgresql://postgres:postgres@127.0.0.1:${config.db.port}/postgres`;
    const result = await resetNativeDatabase(root, config, url, env);
    assert.equal(result.applied.length, Object.keys(EXTENSION_MIGRATIONS).length);
    await db(async (client) => {
      assert.equal((await client.query("select count(*)::int as n from cron.job where jobname = 'nightly-vacuum'")).rows[0].n, 1);
      assert.equal((await client.query('select (extensions.http_get($1)).status as s', [`${base}/again`])).rows[0].s, 200);
    });
    // The worker finds the recreated database at its next scan of the cluster.
    const id = await db(async (client) => (await client.query('select net.http_get($1) as id', [`${base}/net-again`])).rows[0].id as string);
    assert.equal((await responseRow(id, 3000)).status_code, 200);
    const listing = await listMigrations(root);
    const schemas = await withConnection({ port: config.db.port }, (client) => listSchemas(client, DIFF_EXCLUDED_SCHEMAS));
    const diff = await withShadow(url, listing.migrations, () => undefined, (shadow) => diffSchemas(shadow.url, withDatabase(url, 'postgres'), schemas), env);
    assert.equal(diff.trim(), '');
    // The scratch cluster is gone with its server.
    const left = await readdir(path.join(env.SUPABASE_NATIVE_HOME!, '.scratch')).catch(() => [] as string[]);
    assert.deepEqual(left.filter((name) => name.startsWith(`${process.pid}-`)), []);
  });
});

describe('native runtime extensions with the embedded binaries', function () {
  this.timeout(180_000);
  let env: NodeJS.ProcessEnv;
  const roots: string[] = [];
  const ids: string[] = [];

  before(async () => {
    env = await nativeTestEnv({ SUPABASE_NATIVE_POSTGRES: 'embedded' });
  });
  after(async () => {
    for (const id of ids) await nativeRuntime.destroyData(id, { env }).catch(() => undefined);
    await Promise.all(roots.map(removeDir));
  });

  async function project(migration: string): Promise<{ root: string; config: ProjectConfig }> {
    const root = await tempDir('native-ext-embedded');
    roots.push(root);
    await initProject(root);
    await mkdir(path.join(root, 'supabase', 'migrations'), { recursive: true });
    await writeFile(path.join(root, 'supabase', 'migrations', '20240101000000_ext.sql'), migration);
    const { config } = await loadConfig(root, { env });
    config.db.port = await freePort();
    ids.push(config.project_id);
    return { root, config };
  }

  it('finds our SQL extensions in the overlay: pgjwt and the preinstalled vault work', async () => {
    const { root, config } = await project(`${EXTENSION_MIGRATIONS['20240101000001_vault.sql']}${EXTENSION_MIGRATIONS['20240101000002_pgjwt.sql']}`);
    const started = await nativeRuntime.start({ root, config }, { env });
    assert.equal(started.binaries?.source, 'embedded');
    await withConnection({ port: config.db.port }, async (client) => {
      const token = (await client.query(`select extensions.sign('{"sub":"x"}'::json, 'k') as t`)).rows[0].t as string;
      assert.equal((await jwtVerify(token, new TextEncoder().encode('k'))).payload.sub, 'x');
      await client.query("select vault.create_secret('embedded-secret', 'e')");
      assert.equal((await client.query("select decrypted_secret from vault.decrypted_secrets where name = 'e'")).rows[0].decrypted_secret, 'embedded-secret');
    });
  });

  it('http names the PL/Python problem and the packages that solve it', async function () {
    // Only where the embedded plpython3.so cannot load (no Python 3.6 library), as on Debian 12.
    const { root, config } = await project(EXTENSION_MIGRATIONS['20240101000000_http.sql']!);
    try {
      await nativeRuntime.start({ root, config }, { env });
    } catch (error) {
      assert.match((error as Error).message, /could not load library "[^"]*plpython3\.so"/);
      assert.match((error as { suggestion?: string }).suggestion ?? '', /apt-get install postgresql-15 postgresql-plpython3-15/);
      return;
    }
    this.skip();
  });
});
