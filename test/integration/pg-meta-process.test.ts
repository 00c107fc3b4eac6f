/**
 * postgres-meta on the native runtime: the published package's server as a detached process,
 * answering real queries about a real database (a migration's table, its columns, the schemas),
 * on SUPABASE_PG_META_PORT or, with 8080 taken, a free port it names; stopped cleanly.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { loadConfig } from '../../tasks/project/config-load.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';
import { PG_META_DEFAULT_PORT, pgMetaStatus, pgMetaUrl, startPgMeta, stopPgMeta } from '../../tasks/pg-meta/pg-meta-process.js';
import { portAnswers } from '../../tasks/net/port-answers.js';
import { isPortInUse } from '../../tasks/native/port-check.js';
import { startProject, type RunningProject } from './support/running-project.js';
import { pgMetaPortEnv } from './support/temp-project.js';

describe('native postgres-meta', function () {
  this.timeout(120_000);
  let project: RunningProject;
  let config: ProjectConfig;
  let env: NodeJS.ProcessEnv;
  let url: string;

  before(async () => {
    project = await startProject({ 'migrations/20240101000000_notes.sql': 'create table public.notes (id bigint primary key, body text not null);\n' });
    config = (await loadConfig(project.root, { env: project.env })).config;
    env = { ...project.env, ...(await pgMetaPortEnv()) };
    ({ url } = await startPgMeta(config, env));
  });
  after(async () => {
    await stopPgMeta(config.project_id, env).catch(() => undefined);
    await project?.dispose();
  });

  it('answers on SUPABASE_PG_META_PORT as the postgres-meta package', async () => {
    assert.equal(url, `http://127.0.0.1:${env.SUPABASE_PG_META_PORT}`);
    const root = (await (await fetch(`${url}/`)).json()) as { name: string; version: string };
    assert.deepEqual([root.name, root.version], ['@supabase/postgres-meta', '0.83.2']);
    assert.deepEqual(await pgMetaStatus(config.project_id, env), { state: 'running', pid: (await pgMetaStatus(config.project_id, env)).pid, url });
    assert.equal(await pgMetaUrl(config.project_id, env), url);
  });

  it('runs with V8 young generation halves of 4 MiB, which loading the package would leave at 16 MiB and resident', async () => {
    const { pid } = await pgMetaStatus(config.project_id, env);
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const script = argv.findIndex((arg) => arg.endsWith('/dist/tasks/pg-meta/postgres-meta-server.mjs'));
    assert.ok(script > 0, argv.join(' '));
    assert.ok(argv.slice(1, script).includes('--max-semi-space-size=4'), argv.join(' '));
  });

  it('formats, parses and deparses SQL with the modules the bundle loads on their first use', async () => {
    const post = async (route: string, body: unknown) => {
      const response = await fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      assert.equal(response.status, 200, route);
      return response.text();
    };
    assert.equal(await post('/query/format', { query: 'select id, body from notes where id = 1' }), 'select\n  id,\n  body\nfrom\n  notes\nwhere\n  id = 1\n');
    const parsed = JSON.parse(await post('/query/parse', { query: 'select 1 as "user"' })) as { stmts: unknown[] };
    assert.equal(parsed.stmts.length, 1);
    assert.equal(await post('/query/deparse', { ast: parsed }), 'SELECT 1 AS "user"');
  });

  it('creates a table through its DDL routes, quoting a name that needs it (pg-format, bundled with its list of reserved words)', async () => {
    const created = await fetch(`${url}/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Order Lines', schema: 'public' }) });
    assert.equal(created.status, 200, await created.clone().text());
    assert.equal(((await created.json()) as { name: string }).name, 'Order Lines');
    const query = await fetch(`${url}/query`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'drop table public."Order Lines"' }) });
    assert.equal(query.status, 200);
  });

  it("reads the database's tables, columns and schemas", async () => {
    const tables = (await (await fetch(`${url}/tables?included_schemas=public`)).json()) as Array<{ name: string; schema: string; columns?: Array<{ name: string; data_type: string }> }>;
    const notes = tables.find((table) => table.name === 'notes');
    assert.ok(notes, JSON.stringify(tables));
    assert.equal(notes.schema, 'public');
    assert.deepEqual(notes.columns?.map((column) => [column.name, column.data_type]), [['id', 'bigint'], ['body', 'text']]);
    const schemas = (await (await fetch(`${url}/schemas`)).json()) as Array<{ name: string }>;
    for (const name of ['public', 'auth', 'storage']) assert.ok(schemas.some((schema) => schema.name === name), name);
    const query = await fetch(`${url}/query`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: "select count(*)::int as n from pg_tables where tablename = 'notes'" }) });
    assert.deepEqual(await query.json(), [{ n: 1 }]);
  });

  it('refuses a taken SUPABASE_PG_META_PORT in one line naming it', async () => {
    const other = { ...config, project_id: `${config.project_id}-other` };
    await assert.rejects(startPgMeta(other, env), (error: Error & { suggestion?: string }) => {
      assert.equal(error.message, `failed to start postgres-meta: port ${env.SUPABASE_PG_META_PORT} is already in use (set by SUPABASE_PG_META_PORT)`);
      assert.match(error.suggestion!, /SUPABASE_PG_META_PORT/);
      return true;
    });
  });

  it('takes a free port, and says so, when 8080 is taken and no port was chosen', async () => {
    const holder = net.createServer();
    const held = await isPortInUse(PG_META_DEFAULT_PORT);
    if (!held) await new Promise<void>((resolve) => holder.listen(PG_META_DEFAULT_PORT, '127.0.0.1', resolve));
    const other = { ...config, project_id: `${config.project_id}-fallback` };
    const unset = { ...env, SUPABASE_PG_META_PORT: '' };
    const notices: string[] = [];
    try {
      const started = await startPgMeta(other, unset, (line) => notices.push(line));
      const port = Number(new URL(started.url).port);
      assert.notEqual(port, PG_META_DEFAULT_PORT);
      assert.deepEqual(notices, [`postgres-meta: port 8080 is in use, so it listens on 127.0.0.1:${port} instead (set SUPABASE_PG_META_PORT to choose its port).`]);
      assert.equal(await stopPgMeta(other.project_id, unset), true);
    } finally {
      holder.close();
    }
  });

  it('stops, and its port no longer answers', async () => {
    assert.equal(await stopPgMeta(config.project_id, env), true);
    assert.deepEqual(await pgMetaStatus(config.project_id, env), { state: 'stopped' });
    assert.equal(await portAnswers('127.0.0.1', Number(env.SUPABASE_PG_META_PORT)), false);
  });
});
