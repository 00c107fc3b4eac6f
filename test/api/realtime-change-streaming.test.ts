/**
 * Realtime's database changes are streamed from the slot as the server decodes each commit, not
 * polled: the change stream runs against a real PostgreSQL with its fallback poll made an hour
 * long, so every change seen here came from the replication stream. Checked: the delay from an
 * INSERT to its delivery, a burst of 1,000 single-row commits and a 1,000-row transaction (ten
 * apply_rls batches) arriving in commit order, each once, a session killed under the stream
 * (changes committed while it was gone arrive once it is back, none twice; also when only the
 * apply_rls session ends under a batch), RLS deciding per
 * subscriber as list_changes does, the slot dropped at close or when its session is lost with
 * nobody subscribed, and realtime's 100 ms poll on a server that refuses replication connections.
 */
import assert from 'node:assert/strict';
import pg from 'pg';
import { ChangeStream, type ChangeStreamOptions } from '../../tasks/api/realtime/postgres-changes/change-stream.js';
import { createSubscriptions } from '../../tasks/api/realtime/postgres-changes/subscription-sql.js';
import { startScratchCluster, type ScratchCluster } from '../../tasks/native/scratch-cluster.js';
import { nativeTestEnv } from '../integration/support/temp-project.js';

interface Heard {
  channel: string;
  type: string;
  id: number;
  at: number;
}

const HOUR_MS = 3_600_000;

describe('Realtime streams database changes from the replication slot', function () {
  this.timeout(180_000);
  let cluster: ScratchCluster;
  let db: pg.Client;
  let pool: pg.Pool;
  let stream: ChangeStream;
  let streamOptions: ChangeStreamOptions;
  const heard: Heard[] = [];
  const logged: string[] = [];

  async function until(what: string, done: () => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  /** Subscribes `channel` to every change of public.feed (or `table`) with the claims of `role`. */
  async function subscribe(channel: string, uuid: string, role: string, claims: Record<string, unknown> = {}, table = 'feed'): Promise<void> {
    const failure = await createSubscriptions(pool, [{ uuid, params: { event: '*', schema: 'public', table } }], { role, ...claims });
    assert.equal(failure, undefined);
    const target = {
      id: 1,
      channel: {},
      deliver: (_ids: number[], data: Record<string, unknown>) => {
        const record = (data.record ?? data.old_record) as { id: string | number };
        heard.push({ channel, type: data.type as string, id: Number(record.id), at: performance.now() });
      },
    };
    await stream.add([[uuid, target]]);
  }

  const ids = (channel: string, type: string): number[] => heard.filter((entry) => entry.channel === channel && entry.type === type).map((entry) => entry.id);

  before(async () => {
    cluster = await startScratchCluster(await nativeTestEnv());
    const url = new URL(cluster.url);
    db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    await db.query(`
      create table public.feed (id bigint primary key, body text, owner text);
      alter publication supabase_realtime add table public.feed;
      grant select on public.feed to anon, authenticated;
      alter table public.feed enable row level security;
      create policy anyone_reads on public.feed for select to anon using (true);
      create policy owner_reads on public.feed for select to authenticated using (owner = auth.jwt() ->> 'sub');`);
    pool = new pg.Pool({ host: url.hostname, port: Number(url.port), user: 'supabase_admin', password: decodeURIComponent(url.password), database: 'postgres', max: 2 });
    streamOptions = { host: url.hostname, dbPort: Number(url.port), dbPassword: decodeURIComponent(url.password), log: (line: string) => logged.push(line), pollIntervalMs: HOUR_MS };
    stream = new ChangeStream(streamOptions);
    await subscribe('anon', '11111111-1111-4111-8111-111111111111', 'anon');
  });

  after(async () => {
    await stream?.close();
    await pool?.end();
    await db?.end();
    await cluster?.discard();
  });

  it('delivers an INSERT without waiting for a poll (median of 10 well under realtime\'s 100 ms interval)', async () => {
    const delays: number[] = [];
    for (let index = 1; index <= 10; index++) {
      const began = performance.now();
      await db.query('insert into public.feed (id, body) values ($1, $2)', [index, 'hello']);
      await until(`insert ${index}`, () => ids('anon', 'INSERT').includes(index), 5_000);
      delays.push(heard.find((entry) => entry.id === index)!.at - began);
    }
    delays.sort((a, b) => a - b);
    assert.ok(delays[5] < 60, `median ${delays[5].toFixed(1)} ms: ${delays.map((delay) => delay.toFixed(1)).join(', ')}`);
    assert.deepEqual(logged.filter((line) => line.includes('every')), [], 'the stream did not fall back to polling');
  });

  it('delivers a burst of 1,000 commits and a 1,000-row transaction in commit order, each once', async () => {
    heard.length = 0;
    // A thousand commits, one after the other, as fast as the server makes them.
    await db.query(`do $$ begin for i in 1000..1999 loop insert into public.feed (id, body) values (i, 'burst'); commit; end loop; end $$`);
    await until('the burst', () => ids('anon', 'INSERT').length >= 1000, 60_000);
    assert.deepEqual(ids('anon', 'INSERT'), Array.from({ length: 1000 }, (_, index) => 1000 + index));
    await db.query(`update public.feed set body = 'updated' where id >= 1000 and id < 2000`);
    await until('the transaction', () => ids('anon', 'UPDATE').length >= 1000, 60_000);
    // wal2json sends a transaction's rows in the order it changed them: the heap's, here the insert order.
    assert.deepEqual(ids('anon', 'UPDATE'), Array.from({ length: 1000 }, (_, index) => 1000 + index));
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(heard.length, 2000, 'nothing twice');
  });

  it('resumes a lost session after the last delivered commit: what was committed meanwhile arrives, nothing twice', async () => {
    heard.length = 0;
    await db.query(`insert into public.feed (id, body) values (3000, 'before')`);
    await until('the change before the loss', () => ids('anon', 'INSERT').includes(3000));
    const ended = await db.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'realtime_rls'`);
    assert.ok(ended.rows.length >= 1);
    // Committed while no session streams: the slot keeps them.
    await db.query(`insert into public.feed (id, body) values (3001, 'while away'), (3002, 'while away')`);
    await db.query(`insert into public.feed (id, body) values (3003, 'while away')`);
    await until('the changes made while the session was lost', () => ids('anon', 'INSERT').includes(3003), 20_000);
    await db.query(`insert into public.feed (id, body) values (3004, 'after')`);
    await until('the change after the reconnect', () => ids('anon', 'INSERT').includes(3004));
    assert.deepEqual(ids('anon', 'INSERT'), [3000, 3001, 3002, 3003, 3004]);
    assert.ok(logged.some((line) => line.includes('reconnecting')), logged.join('\n'));
  });

  it('lets RLS decide per subscriber, as realtime.apply_rls does for list_changes', async () => {
    await subscribe('ann', '22222222-2222-4222-8222-222222222222', 'authenticated', { sub: 'ann' });
    heard.length = 0;
    await db.query(`insert into public.feed (id, body, owner) values (4000, 'for bob', 'bob'), (4001, 'for ann', 'ann')`);
    await until('both changes for anon', () => ids('anon', 'INSERT').length === 2);
    await until('ann\'s change', () => ids('ann', 'INSERT').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(ids('ann', 'INSERT'), [4001]);
    assert.deepEqual(ids('anon', 'INSERT'), [4000, 4001]);
  });

  it('resumes a session lost in the middle of a transaction without sending its delivered changes twice', async () => {
    // A policy that takes 2 ms a row: the 600 rows of one transaction take about a second to judge.
    await db.query(`
      create table public.slow (id bigint primary key);
      alter publication supabase_realtime add table public.slow;
      grant select on public.slow to anon;
      alter table public.slow enable row level security;
      create policy slowly on public.slow for select to anon using (pg_sleep(0.002) is not null);`);
    await subscribe('slow', '44444444-4444-4444-8444-444444444444', 'anon', {}, 'slow');
    heard.length = 0;
    await db.query('insert into public.slow select generate_series(1, 600)');
    await until('the first batches', () => ids('slow', 'INSERT').length >= 100);
    assert.ok(ids('slow', 'INSERT').length < 600, 'the transaction was delivered before the session could be ended');
    await db.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'realtime_rls'`);
    await until('the whole transaction', () => ids('slow', 'INSERT').length >= 600, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(ids('slow', 'INSERT'), Array.from({ length: 600 }, (_, index) => index + 1));
  });

  it('reopens the session when only its apply_rls connection ends under a batch: no change of the transaction is lost', async () => {
    heard.length = 0;
    await db.query('insert into public.slow select generate_series(601, 1200)');
    await until('the first batches', () => ids('slow', 'INSERT').length >= 100);
    assert.ok(ids('slow', 'INSERT').length < 600, 'the transaction was delivered before the session could be ended');
    // The replication connection streams on; the query judging a batch fails with 57P01.
    await db.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'realtime_rls' and backend_type = 'client backend'`);
    await until('the whole transaction', () => ids('slow', 'INSERT').length >= 600, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(ids('slow', 'INSERT'), Array.from({ length: 600 }, (_, index) => index + 601));
  });

  it('holds one persistent wal2json slot while open, and drops it at close', async () => {
    const slots = await db.query(`select slot_name, plugin, temporary, active from pg_replication_slots`);
    assert.deepEqual(slots.rows, [{ slot_name: 'supabase_realtime_replication_slot', plugin: 'wal2json', temporary: false, active: true }]);
    await stream.close();
    assert.deepEqual((await db.query(`select slot_name from pg_replication_slots`)).rows, []);
  });

  it('drops the slot when its session is lost and nobody subscribes any more, so no WAL is held for no one', async () => {
    stream = new ChangeStream({ ...streamOptions, log: (line) => logged.push(line) });
    await subscribe('late', '33333333-3333-4333-8333-333333333333', 'anon');
    stream.remove(['33333333-3333-4333-8333-333333333333']);
    await db.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'realtime_rls'`);
    const deadline = Date.now() + 10_000;
    while ((await db.query(`select 1 from pg_replication_slots`)).rows.length > 0) {
      assert.ok(Date.now() < deadline, 'the slot was kept');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await stream.close();
  });

  it('falls back to realtime\'s poll on a server that refuses it a replication connection', async () => {
    // Every wal sender taken: the server answers a replication connection with 53300.
    const senders = Number((await db.query('show max_wal_senders')).rows[0].max_wal_senders);
    const holders = Array.from({ length: senders }, () => new pg.Client({ connectionString: cluster.url, replication: 'database' } as pg.ClientConfig));
    try {
      for (const holder of holders) await holder.connect();
      logged.length = 0;
      stream = new ChangeStream({ ...streamOptions, pollIntervalMs: 100 });
      await subscribe('polled', '55555555-5555-4555-8555-555555555555', 'anon');
      heard.length = 0;
      await db.query(`insert into public.feed (id, body) values (5000, 'polled')`);
      await until('the polled change', () => ids('polled', 'INSERT').includes(5000));
      assert.equal(logged.filter((line) => line.includes('reading them every 100 ms instead')).length, 1, logged.join('\n'));
      // realtime's own slot: temporary, on the poll's session.
      assert.deepEqual((await db.query(`select temporary from pg_replication_slots`)).rows, [{ temporary: true }]);
      await stream.close();
    } finally {
      await Promise.all(holders.map((holder) => holder.end().catch(() => undefined)));
    }
  });
});
