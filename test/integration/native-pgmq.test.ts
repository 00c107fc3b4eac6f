/**
 * The native runtime's own pgmq (native-extensions/pgmq: pgmq 1.1.1's SQL interface in
 * PL/pgSQL) on a real PostgreSQL 15 cluster started by the native runtime: a queue made by a
 * migration, messages sent, read under a visibility timeout, popped, archived and deleted,
 * readers at once never sharing a message, polling, metrics, and the one clear line for a
 * partitioned queue, which needs pg_partman.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { initProject } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';
import { nativeRuntime } from '../../tasks/native/native-runtime.js';
import { withConnection } from '../../tasks/db/connect.js';
import { runScript } from '../../tasks/db/migration-runner.js';
import { freePort, nativeTestEnv, removeDir, tempDir } from './support/temp-project.js';

describe('native runtime pgmq', function () {
  this.timeout(180_000);
  let env: NodeJS.ProcessEnv;
  let root: string;
  let config: ProjectConfig;

  before(async () => {
    env = await nativeTestEnv();
    root = await tempDir('native-pgmq');
    await initProject(root);
    await mkdir(path.join(root, 'supabase', 'migrations'), { recursive: true });
    await writeFile(path.join(root, 'supabase', 'migrations', '20240101000000_queues.sql'), "create extension if not exists pgmq;\nselect pgmq.create('jobs');\n");
    ({ config } = await loadConfig(root, { env }));
    config.db.port = await freePort();
    await nativeRuntime.start({ root, config }, { env });
  });
  after(async () => {
    if (config) await nativeRuntime.destroyData(config.project_id, { env }).catch(() => undefined);
    if (root) await removeDir(root);
  });

  const db = <T>(work: (client: pg.Client) => Promise<T>) => withConnection({ port: config.db.port }, work);
  const rows = (sql: string, params: unknown[] = []) => db(async (client) => (await client.query(sql, params)).rows as Array<Record<string, unknown>>);

  it('is the native runtime implementation of pgmq 1.1.1, and the migration made the queue', async () => {
    const [extension] = await rows("select e.extversion, a.comment from pg_extension e join pg_available_extensions a on a.name = e.extname where e.extname = 'pgmq'");
    assert.equal(extension.extversion, '1.1.1');
    assert.match(String(extension.comment), /native runtime implementation/);
    const queues = await rows('select queue_name, is_partitioned, is_unlogged from pgmq.list_queues()');
    assert.deepEqual(queues, [{ queue_name: 'jobs', is_partitioned: false, is_unlogged: false }]);
  });

  it('sends, reads under a visibility timeout, sets it, pops, archives and deletes', async () => {
    await db(async (client) => {
      await client.query("select pgmq.create('mail')");
      const one = (await client.query(`select * from pgmq.send('mail', '{"to":"a"}')`)).rows[0].send;
      const batch = (await client.query(`select * from pgmq.send_batch('mail', array['{"to":"b"}', '{"to":"c"}', '{"to":"d"}']::jsonb[])`)).rows.map((r) => r.send_batch);
      assert.deepEqual([one, ...batch], ['1', '2', '3', '4']);
      const read = (await client.query("select msg_id, read_ct, message from pgmq.read('mail', 30, 2)")).rows;
      assert.deepEqual(read, [{ msg_id: '1', read_ct: 1, message: { to: 'a' } }, { msg_id: '2', read_ct: 1, message: { to: 'b' } }]);
      // Hidden for 30 s: the next read gets the two others, then nothing.
      assert.deepEqual((await client.query("select msg_id from pgmq.read('mail', 30, 5)")).rows.map((r) => r.msg_id), ['3', '4']);
      assert.equal((await client.query("select * from pgmq.read('mail', 30, 5)")).rowCount, 0);
      // set_vt 0: message 1 is visible again, and a second read counts it.
      await client.query("select * from pgmq.set_vt('mail', 1, 0)");
      assert.deepEqual((await client.query("select msg_id, read_ct from pgmq.read('mail', 30, 5)")).rows, [{ msg_id: '1', read_ct: 2 }]);
      assert.equal((await client.query("select pgmq.archive('mail', 1::bigint) as ok")).rows[0].ok, true);
      assert.equal((await client.query("select pgmq.delete('mail', 2::bigint) as ok")).rows[0].ok, true);
      assert.equal((await client.query("select pgmq.delete('mail', 2::bigint) as ok")).rows[0].ok, false);
      assert.deepEqual((await client.query('select msg_id, read_ct, message from pgmq.a_mail')).rows, [{ msg_id: '1', read_ct: 2, message: { to: 'a' } }]);
      assert.deepEqual((await client.query('select msg_id from pgmq.q_mail order by msg_id')).rows.map((r) => r.msg_id), ['3', '4']);
      // A delayed message is invisible to pop until its delay has passed.
      await client.query(`select pgmq.send('mail', '{"to":"later"}', 60)`);
      await client.query("select pgmq.set_vt('mail', 3, 0), pgmq.set_vt('mail', 4, 0)");
      assert.deepEqual((await client.query("select msg_id, message from pgmq.pop('mail')")).rows, [{ msg_id: '3', message: { to: 'c' } }]);
      assert.deepEqual((await client.query("select msg_id from pgmq.pop('mail')")).rows.map((r) => r.msg_id), ['4']);
      assert.equal((await client.query("select * from pgmq.pop('mail')")).rowCount, 0);
      assert.deepEqual((await client.query("select * from pgmq.archive('mail', array[5, 99]::bigint[])")).rows.map((r) => r.archive), ['5']);
      const metrics = (await client.query("select queue_name, queue_length, total_messages from pgmq.metrics('mail')")).rows[0];
      assert.deepEqual(metrics, { queue_name: 'mail', queue_length: '0', total_messages: '5' });
      await client.query(`select pgmq.send('mail', '{}')`);
      assert.equal((await client.query("select pgmq.purge_queue('mail') as n")).rows[0].n, '1');
      assert.equal((await client.query("select pgmq.drop_queue('mail') as ok")).rows[0].ok, true);
      assert.equal((await client.query("select to_regclass('pgmq.q_mail') as t, to_regclass('pgmq.a_mail') as a")).rows[0].t, null);
      assert.deepEqual((await client.query('select queue_name from pgmq.metrics_all()')).rows, [{ queue_name: 'jobs' }]);
    });
  });

  it('readers at once never get the same message', async () => {
    await db((client) => client.query(`select pgmq.send_batch('jobs', array(select jsonb_build_object('n', n) from generate_series(1, 40) n))`));
    const readers = await Promise.all(
      Array.from({ length: 4 }, () =>
        db(async (client) => {
          await client.query('begin');
          const ids = (await client.query("select msg_id from pgmq.read('jobs', 30, 10)")).rows.map((r) => r.msg_id as string);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await client.query('commit');
          return ids;
        }),
      ),
    );
    const all = readers.flat();
    assert.equal(all.length, 40);
    assert.equal(new Set(all).size, 40);
    await db((client) => client.query("select pgmq.purge_queue('jobs')"));
  });

  it('read_with_poll waits for a message sent meanwhile, and gives up after max_poll_seconds', async () => {
    const started = Date.now();
    const empty = await rows("select * from pgmq.read_with_poll('jobs', 30, 1, 1, 50)");
    assert.equal(empty.length, 0);
    assert.ok(Date.now() - started >= 1000, 'returned before max_poll_seconds');
    const waiting = rows("select msg_id, message from pgmq.read_with_poll('jobs', 30, 1, 5, 50)");
    await new Promise((resolve) => setTimeout(resolve, 300));
    await db((client) => client.query(`select pgmq.send('jobs', '{"late":true}')`));
    const [message] = await waiting;
    assert.deepEqual(message.message, { late: true });
  });

  it('refuses bad queue names and a partitioned queue with one clear line', async () => {
    await assert.rejects(rows(`select pgmq.create('${'x'.repeat(48)}')`), /^error: queue name is too long, maximum length is 48 characters$/);
    await assert.rejects(rows("select pgmq.create('a;drop')"), /queue name contains invalid characters/);
    // Through the runner migrations go through, as a migration creating a partitioned queue would.
    const failure = await db((client) => runScript(client, Buffer.from("select pgmq.create_partitioned('events');\n"), 'partitioned.sql').then(
      () => 'applied',
      (err: Error & { suggestion?: string }) => `${err.message}\n${err.suggestion ?? ''}`,
    ));
    assert.match(failure, /partitioned queues need the pg_partman extension, which the native runtime does not have/);
    assert.equal(failure.split('\n').filter((line) => /pg_partman/.test(line)).length, 1, failure);
  });

  it('drop extension pgmq drops its queues, as pgmq does', async () => {
    await db(async (client) => {
      await client.query('drop extension pgmq');
      assert.equal((await client.query("select to_regclass('pgmq.q_jobs') as t")).rows[0].t, null);
      await client.query('create extension pgmq');
    });
  });
});
