import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { BIN, runCli } from '../helpers/run-cli.js';
import { pgMetaPortEnv, withFreeServicePorts } from '../integration/support/temp-project.js';

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('local stack lifecycle on the native runtime (the CLI as a process)', function () {
  this.timeout(120_000);
  const home = mkdtempSync(join(tmpdir(), 'native-home-'));
  chmodSync(home, 0o755);
  const folder = mkdtempSync(join(tmpdir(), 'lifecycle-'));
  const env: NodeJS.ProcessEnv = { SUPABASE_NATIVE_HOME: home };
  const cli = (...args: string[]) => runCli(args, { cwd: folder, env });
  let port = 0;

  before(async () => {
    assert.equal(cli('init').code, 0);
    port = await freePort();
    const config = join(folder, 'supabase', 'config.toml');
    Object.assign(env, await pgMetaPortEnv());
    writeFileSync(config, await withFreeServicePorts(readFileSync(config, 'utf8').replace(/^port = 54322$/m, `port = ${port}`)));
    mkdirSync(join(folder, 'supabase', 'migrations'), { recursive: true });
    writeFileSync(join(folder, 'supabase', 'migrations', '20240101000000_notes.sql'), 'create table public.notes (id bigint primary key, body text);\n');
    writeFileSync(join(folder, 'supabase', 'seed.sql'), "insert into public.notes values (1, 'seeded');\n");
  });
  after(() => cli('stop', '--no-backup'));

  it('start applies migrations and seed, and prints URLs and keys', () => {
    const result = cli('start');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Started supabase local development setup\./);
    assert.match(result.stdout, /DB URL: postgresql:\/\/postgres:postgres@127\.0\.0\.1:\d+\/postgres/);
    assert.match(result.stdout, /anon key: eyJ/);
    // Auth is served by the native gateway now; what is still container-only is listed without it.
    assert.doesNotMatch(/^Not available on the native runtime.*$/m.exec(result.stderr)?.[0] ?? '', /\bauth\b/);
    assert.match(result.stderr, /^Kong: API gateway at http:\/\/127\.0\.0\.1:\d+/m);
    assert.match(result.stderr, /Studio port: Studio and local platform API at http:\/\/127\.0\.0\.1:\d+/);
  });

  it('status -o json prints values that work: the DB URL connects to the seeded database', async () => {
    const result = cli('status', '-o', 'json');
    assert.equal(result.code, 0, result.stderr);
    const status = JSON.parse(result.stdout) as Record<string, string>;
    assert.equal(status.DB_URL, `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`);
    const rows = await query(status.DB_URL, 'select body from public.notes');
    assert.deepEqual(rows.rows, [{ body: 'seeded' }]);
    const roles = await query(status.DB_URL, "select count(*)::int as n from pg_roles where rolname in ('anon', 'authenticated', 'service_role')");
    assert.equal(roles.rows[0].n, 3);
    assert.match(status.ANON_KEY, /^eyJ/);
    assert.equal(status.JWT_SECRET, 'super-secret-jwt-token-with-at-least-32-characters-long');
  });

  it('a second start says it is running and changes nothing', () => {
    const result = cli('start');
    assert.equal(result.code, 0);
    assert.match(result.stderr, /^supabase start is already running\./);
  });

  it('stop keeps the data; start again finds it', async () => {
    const url = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
    await query(url, "insert into public.notes values (2, 'kept')");
    assert.equal(cli('stop').code, 0);
    assert.equal(cli('status').code, 1);
    assert.equal(cli('start').code, 0);
    const rows = await query(url, 'select body from public.notes order by id');
    assert.deepEqual(rows.rows.map((row) => row.body), ['seeded', 'kept']);
  });

  /** Starts `supabase start` in the background and resolves once its database task is under way. */
  async function startInBackground() {
    const journal = join(folder, 'supabase', '.temp', 'events.jsonl');
    const history = readJournal(journal).length;
    const child = spawn(process.execPath, [BIN, 'start'], { cwd: folder, env: { ...process.env, ...env } });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? -9 : -1))));
    for (let i = 0; i < 500 && !readJournal(journal).slice(history).includes('"SERVICE_STARTING"'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { child, exited, stderr: () => stderr };
  }

  function readJournal(file: string): string {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  }

  it('a second command while a start runs fails clearly, naming the first', async () => {
    assert.equal(cli('stop', '--no-backup').code, 0);
    // A slow migration keeps the first start busy long enough to be caught in the act.
    writeFileSync(join(folder, 'supabase', 'migrations', '20240102000000_slow.sql'), 'select pg_sleep(3);\n');
    const first = await startInBackground();
    const second = cli('start');
    assert.equal(second.code, 1);
    assert.match(second.stderr, /^another supabase command is working on this project: process \d+ \(supabase start\)/);
    assert.equal(await first.exited, 0, first.stderr());
  });

  it('a start killed half way is reconciled by the next command', async () => {
    assert.equal(cli('stop', '--no-backup').code, 0);
    const first = await startInBackground();
    first.child.kill('SIGKILL');
    await first.exited;
    const next = cli('start');
    assert.equal(next.code, 0, next.stderr);
    // One line says what was done about the dead start before this one ran.
    assert.match(next.stderr, /^Rolled back the supabase start that was interrupted (at "[^"]+"|before its first step); what it had started is stopped\.$/m);
    const events = JSON.parse(cli('events', '-o', 'json').stdout) as Array<{ stream: string; type: string }>;
    const types = events.map((event) => event.type);
    assert.ok(types.includes('INTERRUPTED'), types.join(' '));
    assert.equal(events.filter((event) => event.stream === 'stack').at(-1)?.type, 'STARTED');
    assert.equal(types.at(-1), 'FINISHED');
  });

  it('stop --no-backup deletes the data: the next start is a fresh database', async () => {
    assert.equal(cli('stop', '--no-backup').code, 0);
    assert.equal(cli('start').code, 0);
    const rows = await query(`postgresql://postgres:postgres@127.0.0.1:${port}/postgres`, 'select body from public.notes');
    assert.deepEqual(rows.rows, [{ body: 'seeded' }]);
    const events = cli('events', '-o', 'json');
    const types = (JSON.parse(events.stdout) as Array<{ type: string }>).map((event) => event.type);
    assert.ok(types.includes('DATA_DELETED'));
  });
});
