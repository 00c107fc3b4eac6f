/**
 * The history table's DDL during a run of migrations, on a real PostgreSQL 15 (a scratch copy of
 * the bootstrapped template): it runs with the first file, not with each one (1,000 files sent
 * 4,000 needless statements, each firing the event triggers), and again with any file that names
 * the table's schema, so a migration that drops or changes the table leaves it as the original
 * leaves it.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations } from '../../tasks/db/migration-runner.js';
import type { MigrationFile } from '../../tasks/db/migration-files.js';
import { startScratchCluster, type ScratchCluster } from '../../tasks/native/scratch-cluster.js';
import { nativeTestEnv } from './support/temp-project.js';

describe('the migration history table during a run', function () {
  this.timeout(120_000);
  let cluster: ScratchCluster;
  let folder: string;

  before(async () => {
    cluster = await startScratchCluster(await nativeTestEnv());
    folder = await mkdtemp(path.join(tmpdir(), 'history-ddl-'));
  });
  after(async () => {
    await cluster?.discard();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /** Writes the files into a database of their own and applies them there; returns that database's client. */
  async function run(database: string, files: Record<string, string>): Promise<{ client: pg.Client; failed?: string }> {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`create database ${database}`).finally(() => admin.end());
    const migrations: MigrationFile[] = [];
    for (const [file, text] of Object.entries(files)) {
      await writeFile(path.join(folder, file), text);
      const [, version, name] = /^(\d+)_(.*)\.sql$/.exec(file)!;
      migrations.push({ file, path: path.join(folder, file), version: version!, name: name! });
    }
    const url = new URL(cluster.url);
    url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      // A database made from template1 has no extensions schema: the view gets one of its own.
      await client.query('create schema stats; create extension pg_stat_statements with schema stats; select stats.pg_stat_statements_reset()');
      const result = await applyMigrations(client, migrations);
      return { client, failed: result.failed?.error.message };
    } catch (error) {
      await client.end();
      throw error;
    }
  }

  /** How many times this database ran `statement` since the run began. */
  async function calls(client: pg.Client, statement: string): Promise<number> {
    const { rows } = await client.query<{ n: number }>(
      'select coalesce(sum(calls), 0)::int as n from stats.pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) and query = $1',
      [statement],
    );
    return rows[0]!.n;
  }

  it('creates or upgrades the table with the first file only', async () => {
    const files = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`2024010100000${i}_m${i}.sql`, `create table public.m${i} (id int);\n`]));
    const { client, failed } = await run('history_once', files);
    try {
      assert.equal(failed, undefined);
      assert.equal(await calls(client, 'CREATE SCHEMA IF NOT EXISTS supabase_migrations'), 1);
      assert.equal(await calls(client, 'ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS name text'), 1);
      const { rows } = await client.query('select version from supabase_migrations.schema_migrations order by version');
      assert.deepEqual(rows.map((row) => row.version), Object.keys(files).map((file) => file.slice(0, 14)));
    } finally {
      await client.end();
    }
  });

  it('makes it again after a file that drops it, as the original does', async () => {
    const { client, failed } = await run('history_dropped', {
      '20240101000000_first.sql': 'create table public.first (id int);\n',
      '20240101000001_drop_history.sql': 'drop table supabase_migrations.schema_migrations;\n',
      '20240101000002_third.sql': 'create table public.third (id int);\n',
    });
    try {
      assert.equal(failed, undefined);
      // The dropping file's own row is written to the table made again after its statements.
      const { rows } = await client.query('select version, name from supabase_migrations.schema_migrations order by version');
      assert.deepEqual(rows, [{ version: '20240101000001', name: 'drop_history' }, { version: '20240101000002', name: 'third' }]);
    } finally {
      await client.end();
    }
  });
});
