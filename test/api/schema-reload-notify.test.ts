/**
 * A change to a database's schema tells PostgREST to reload its cache (`NOTIFY pgrst, 'reload
 * schema'`, seen here by a second connection listening on a real PostgreSQL, as our REST service
 * listens): any DDL through the bootstrap's event triggers, as on the platform's image, and the
 * commands that apply migrations (migration up, db push, db reset) themselves, even when their files
 * run no DDL (a native reset makes its database from a template, where no trigger fires).
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { startScratchCluster, type ScratchCluster } from '../../tasks/native/scratch-cluster.js';
import { findPending, applyPending } from '../../tasks/db/push.js';
import { migrateAndSeed } from '../../tasks/db/migrate-and-seed.js';
import { nativeTestEnv, removeDir, tempDir } from '../integration/support/temp-project.js';

describe('schema changes notify REST to reload its schema cache', function () {
  this.timeout(120_000);
  let cluster: ScratchCluster;
  let root: string;
  let listener: pg.Client;
  let client: pg.Client;
  const heard: string[] = [];

  before(async () => {
    cluster = await startScratchCluster(await nativeTestEnv());
    root = await tempDir('schema-reload');
    await mkdir(path.join(root, 'supabase', 'migrations'), { recursive: true });
    listener = new pg.Client({ connectionString: cluster.url });
    await listener.connect();
    listener.on('notification', (message) => heard.push(`${message.channel}: ${message.payload}`));
    await listener.query('LISTEN pgrst');
    client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
  });

  after(async () => {
    await listener?.end();
    await client?.end();
    await cluster?.discard();
    if (root) await removeDir(root);
  });

  let marks = 0;
  /**
   * Whether a reload was sent since the last call. The test's own session then sends a marker:
   * a listener gets notifications in commit order, so everything the statements before it sent
   * has arrived once the marker has, however slow the delivery, and nothing from one step is
   * counted in the next.
   */
  async function heardReload(): Promise<boolean> {
    const mark = `pgrst: mark ${++marks}`;
    await client.query(`notify pgrst, 'mark ${marks}'`);
    for (let tries = 0; tries < 500 && !heard.includes(mark); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    const arrived = heard.splice(0, heard.indexOf(mark) + 1);
    assert.equal(arrived.at(-1), mark, 'the marker notification never arrived');
    return arrived.includes('pgrst: reload schema');
  }

  it('applying pending migrations (migration up, db push) sends it', async () => {
    await writeFile(path.join(root, 'supabase', 'migrations', '20240101000000_first.sql'), 'select 1;\n');
    const pending = await findPending(client, root, false, () => undefined);
    assert.deepEqual(await applyPending(client, pending, () => undefined), ['20240101000000_first.sql']);
    assert.equal(await heardReload(), true);
  });

  it('migrations and seed (db reset) send it', async () => {
    await client.query('truncate supabase_migrations.schema_migrations');
    await heardReload();
    await migrateAndSeed(client, root);
    assert.equal(await heardReload(), true);
  });

  it('DDL outside the commands sends it through the event triggers, temporary objects do not', async () => {
    await client.query('create table public.made_in_psql (id int)');
    assert.equal(await heardReload(), true, 'create table');
    await client.query("comment on table public.made_in_psql is 'seen'");
    assert.equal(await heardReload(), true, 'comment');
    await client.query('drop table public.made_in_psql');
    assert.equal(await heardReload(), true, 'drop table');
    await client.query('create temporary table scratch (id int); drop table scratch');
    assert.equal(await heardReload(), false, 'temporary table');
  });
});
