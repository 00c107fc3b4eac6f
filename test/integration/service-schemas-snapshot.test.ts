/**
 * The auth, storage, realtime, supabase_functions and graphql_public schemas of a freshly started
 * native stack,
 * compared object by object with what the original stack creates at its pinned service versions
 * (test/fixtures/service-schemas/catalog.txt, written from the service-schemas facts). A
 * difference fails with a unified diff of the catalog lines.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { catalogDiff, catalogSnapshot, factLines, migrationRows } from '../helpers/catalog-snapshot.js';
import { startProject, type RunningProject } from './support/running-project.js';

const SCHEMAS = ['auth', 'storage', 'realtime', 'supabase_functions', 'graphql_public'];
const FIXTURE = fileURLToPath(new URL('../fixtures/service-schemas/catalog.txt', import.meta.url));

describe('service schemas of a fresh native stack', function () {
  this.timeout(180_000);
  let project: RunningProject;
  let client: pg.Client;

  before(async () => {
    project = await startProject();
    client = new pg.Client({ connectionString: project.dbUrl });
    await client.connect();
  });
  after(async () => {
    await client?.end();
    await project?.dispose();
  });

  const snapshot = async () => (await catalogSnapshot(client, SCHEMAS)) + (await migrationRows(client));

  it('match the catalog of the original stack at its pinned versions', async () => {
    const diff = catalogDiff(factLines(await readFile(FIXTURE, 'utf8')), await snapshot());
    if (diff) assert.fail(`the catalog differs from test/fixtures/service-schemas/catalog.txt:\n${diff}`);
  });

  it('report a changed object as a readable diff', async () => {
    const expected = factLines(await readFile(FIXTURE, 'utf8'));
    await client.query('begin');
    try {
      await client.query('alter table storage.objects rename constraint "objects_bucketId_fkey" to objects_bucket_id_fkey');
      const diff = catalogDiff(expected, await snapshot());
      assert.ok(diff, 'a renamed constraint must show');
      assert.match(diff, /^-constraint storage\.objects "objects_bucketId_fkey" FOREIGN KEY \(bucket_id\) REFERENCES storage\.buckets\(id\)$/m);
      assert.match(diff, /^\+constraint storage\.objects objects_bucket_id_fkey FOREIGN KEY \(bucket_id\) REFERENCES storage\.buckets\(id\)$/m);
    } finally {
      await client.query('rollback');
    }
  });

  it('keep the storage helpers behaving as the storage server defines them', async () => {
    const row = (await client.query(
      "select storage.extension('a/b/c.tar.gz') as ext, storage.extension('a/README') as bare, storage.foldername('a/b/c.png') as folders, storage.filename('a/b/c.png') as file",
    )).rows[0];
    assert.deepEqual(row, { ext: 'gz', bare: 'README', folders: ['a', 'b'], file: 'c.png' });
    await client.query('begin');
    try {
      await client.query("insert into storage.buckets (id, name) values ('pics', 'pics')");
      await client.query(
        "insert into storage.objects (bucket_id, name, metadata) values ('pics', 'top.png', '{\"size\": 3}'), ('pics', 'a/one.png', '{\"size\": 5}'), ('pics', 'a/b/two.png', '{\"size\": 7}'), ('pics', 'a/zed.png', '{\"size\": 1}')",
      );
      const root = await client.query("select name, id is null as folder from storage.search('', 'pics')");
      assert.deepEqual(root.rows, [{ name: 'a', folder: true }, { name: 'top.png', folder: false }]);
      const level2 = await client.query("select name, id is null as folder from storage.search('a/', 'pics', 100, 2, 0, '', 'name', 'desc')");
      assert.deepEqual(level2.rows, [{ name: 'b', folder: true }, { name: 'zed.png', folder: false }, { name: 'one.png', folder: false }]);
      assert.deepEqual((await client.query('select * from storage.get_size_by_bucket()')).rows, [{ size: '16', bucket_id: 'pics' }]);
      await assert.rejects(client.query("select storage.can_insert_object('pics', 'new.png', null, '{}')"), (err: pg.DatabaseError) => err.code === 'PT200' && err.message === 'ROLLBACK');
    } finally {
      await client.query('rollback');
    }
  });

  it('turn a change into per-subscriber realtime payloads under row level security', async () => {
    await client.query('begin');
    try {
      await client.query('create table public.notes (id int primary key, body text)');
      await client.query('alter table public.notes enable row level security');
      await client.query("create policy readable on public.notes for select to authenticated using (body <> 'secret')");
      await client.query('grant select on public.notes to authenticated');
      await client.query("insert into public.notes values (1, 'hello'), (2, 'secret')");
      const sub = (await client.query(
        "insert into realtime.subscription (subscription_id, entity, claims) values (gen_random_uuid(), 'public.notes', '{\"role\": \"authenticated\"}') returning subscription_id",
      )).rows[0].subscription_id as string;
      const change = (id: number, body: string) => ({
        action: 'I', schema: 'public', table: 'notes', timestamp: '2024-01-01 00:00:00.5+00',
        pk: [{ name: 'id', type: 'integer', typeoid: 23 }],
        columns: [{ name: 'id', type: 'integer', typeoid: 23, value: id }, { name: 'body', type: 'text', typeoid: 25, value: body }],
      });
      const visible = (await client.query('select * from realtime.apply_rls($1)', [change(1, 'hello')])).rows;
      assert.equal(visible.length, 1);
      assert.deepEqual(visible[0].subscription_ids, [sub]);
      assert.deepEqual(visible[0].wal.record, { id: 1, body: 'hello' });
      assert.equal(visible[0].wal.commit_timestamp, '2024-01-01T00:00:00.500Z');
      const hidden = (await client.query('select * from realtime.apply_rls($1)', [change(2, 'secret')])).rows;
      assert.deepEqual(hidden[0].subscription_ids, []);
      await assert.rejects(
        client.query("insert into realtime.subscription (subscription_id, entity, filters, claims) values (gen_random_uuid(), 'public.notes', array[('nope', 'eq', '1')::realtime.user_defined_filter], '{\"role\": \"authenticated\"}')"),
        /invalid column for filter nope/,
      );
    } finally {
      await client.query('rollback');
    }
  });
  it('read the publication\'s changes from a wal2json slot and keep those a subscriber may see', async () => {
    // Requires wal2json (Debian: postgresql-15-wal2json), which the platform's image has too.
    // Recent minor releases load only the output plugins that output_plugin_libraries names
    // (a superuser setting: this session's is enough for the slot functions it calls).
    const allowList = await client.query("select 1 from pg_settings where name = 'output_plugin_libraries'");
    if (allowList.rowCount) await client.query('set output_plugin_libraries = pgoutput, test_decoding, wal2json');
    await client.query("select pg_create_logical_replication_slot('realtime_snapshot_test', 'wal2json', true)");
    try {
      await client.query('create table public.feed (id int primary key, body text)');
      await client.query('grant select on public.feed to authenticated');
      await client.query('alter publication supabase_realtime add table public.feed');
      const sub = (await client.query(
        "insert into realtime.subscription (subscription_id, entity, filters, claims) values (gen_random_uuid(), 'public.feed', array[('body', 'neq', 'quiet')::realtime.user_defined_filter], '{\"role\": \"authenticated\"}') returning subscription_id",
      )).rows[0].subscription_id as string;
      // Decoding stops at the flushed WAL, and the native cluster commits without waiting for
      // the flush: these commits wait, so the changes are there to read at once.
      await client.query('set synchronous_commit = on');
      await client.query("insert into public.feed values (1, 'loud'), (2, 'quiet')");
      await client.query("update public.feed set body = 'louder' where id = 1");
      const rows = (await client.query("select * from realtime.list_changes('supabase_realtime', 'realtime_snapshot_test', 100, 1048576)")).rows;
      assert.deepEqual(
        rows.map((row) => [row.wal.type, row.wal.record, row.wal.old_record ?? null, row.subscription_ids]),
        [
          ['INSERT', { id: 1, body: 'loud' }, null, [sub]],
          ['UPDATE', { id: 1, body: 'louder' }, { id: 1 }, [sub]],
        ],
      );
    } finally {
      await client.query("select pg_drop_replication_slot('realtime_snapshot_test')");
      await client.query('alter publication supabase_realtime drop table public.feed').catch(() => undefined);
      await client.query('drop table if exists public.feed');
      await client.query('delete from realtime.subscription');
      await client.query('reset synchronous_commit');
      if (allowList.rowCount) await client.query('reset output_plugin_libraries');
    }
  });
});
