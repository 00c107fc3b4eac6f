/**
 * The judge of the native Realtime API: the real `@supabase/supabase-js` 2.39.8 (realtime-js 2.9)
 * against a native stack started by the built CLI, through the gateway's WebSocket upgrade on the
 * API port: broadcast between two clients with and without `self` (and `ack`), presence sync, leave
 * and cleanup when a socket goes, postgres_changes for each event type and each filter realtime
 * v2.25.50 accepts, with old records under replica identity full, an RLS-protected table whose
 * changes reach only its owner (tokens signed here as GoTrue would), the REST broadcast, one
 * replication slot for the stack, and Phoenix's answers to frames a client gets wrong.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import WebSocket from 'ws';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';

const USER_A = '00000000-0000-0000-0000-00000000000a';
const USER_B = '00000000-0000-0000-0000-00000000000b';

const SCHEMA = `
create table public.messages (id bigint primary key, room text not null, body text, score int);
alter table public.messages replica identity full;
create table public.notes (id bigint primary key, owner uuid not null, body text);
alter table public.notes enable row level security;
create policy "owners read their notes" on public.notes for select to authenticated using (owner = auth.uid());
create table public.quiet (id bigint primary key);
alter publication supabase_realtime add table public.messages, public.notes;
`;

interface Stack {
  apiUrl: string;
  anonKey: string;
  jwtSecret: string;
  dbUrl: string;
}

type Change = { eventType: string; schema: string; table: string; commit_timestamp: string; new: Record<string, unknown>; old: Record<string, unknown>; errors: unknown };

/** Polls `check` until it holds (the stream reads every 100 ms), failing with `what` after a while. */
async function until(what: string, check: () => boolean, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits `ms` and asserts that nothing more arrived (for what must NOT be delivered). */
async function quietFor(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Binds a postgres_changes callback: realtime-js types each event by its own overload, which a
 * loop over the events cannot pick; the call is the same.
 */
function onChange(channel: RealtimeChannel, filter: { event: string; schema: string; table: string; filter?: string }, callback: (change: Change) => void): RealtimeChannel {
  return (channel.on as unknown as (type: string, filter: object, callback: (change: Change) => void) => RealtimeChannel).call(channel, 'postgres_changes', filter, callback);
}

/** Subscribes and resolves on SUBSCRIBED; rejects with the client's error otherwise. */
function subscribed(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status !== 'CLOSED') reject(error ?? new Error(status));
    });
  });
}

describe('the native Realtime API as @supabase/supabase-js uses it', function () {
  this.timeout(180_000);
  let project: CliProject;
  let stack: Stack;
  const clients: SupabaseClient[] = [];

  const client = (token?: string): SupabaseClient => {
    const made = createClient(stack.apiUrl, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    if (token) made.realtime.setAuth(token);
    clients.push(made);
    return made;
  };
  const userToken = (sub: string, expiresIn: string | number = '1h'): Promise<string> =>
    new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(new TextEncoder().encode(stack.jwtSecret));
  const sql = async (text: string, values: unknown[] = []): Promise<pg.QueryResult> => {
    const connection = new pg.Client({ connectionString: stack.dbUrl });
    await connection.connect();
    try {
      return await connection.query(text, values);
    } finally {
      await connection.end();
    }
  };

  before(async () => {
    project = await cliProject('realtime-supabase-js');
    const supabase = path.join(project.root, 'supabase');
    writeFileSync(path.join(supabase, 'migrations', '20240103000000_realtime.sql'), SCHEMA);
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    const status = JSON.parse(project.run(['status', '-o', 'json']).stdout) as Record<string, string>;
    stack = { apiUrl: status.API_URL!, anonKey: status.ANON_KEY!, jwtSecret: status.JWT_SECRET!, dbUrl: status.DB_URL! };
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((made) => made.removeAllChannels()));
  });
  after(() => project?.dispose());

  it('is served inside the gateway and recorded healthy with kong', () => {
    const events = readFileSync(path.join(project.root, 'supabase', '.temp', 'events.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { stream: string; type: string; data: { service?: string } });
    const healthy = events.filter((event) => event.stream === 'stack' && event.type === 'SERVICE_HEALTHY').map((event) => event.data.service);
    assert.ok(healthy.includes('realtime') && healthy.includes('kong'), healthy.join(', '));
  });

  describe('broadcast', () => {
    it('reaches the other clients of the channel but not the sender without self', async () => {
      const heard: Array<{ who: string; payload: unknown }> = [];
      const listen = (who: string) => client().channel('room-1', { config: { broadcast: { self: false } } }).on('broadcast', { event: 'greet' }, ({ payload }) => heard.push({ who, payload }));
      const [alice, bob] = [listen('alice'), listen('bob')];
      await Promise.all([subscribed(alice), subscribed(bob)]);
      assert.equal(await bob.send({ type: 'broadcast', event: 'greet', payload: { text: 'hi' } }), 'ok');
      await until('alice to hear bob', () => heard.length > 0);
      await quietFor(200);
      assert.deepEqual(heard, [{ who: 'alice', payload: { text: 'hi' } }]);
    });

    it('with self the sender hears itself, and with ack its send is acknowledged', async () => {
      const heard: unknown[] = [];
      const channel = client().channel('room-2', { config: { broadcast: { self: true, ack: true } } }).on('broadcast', { event: '*' }, (message) => heard.push(message));
      await subscribed(channel);
      assert.equal(await channel.send({ type: 'broadcast', event: 'echo', payload: { n: 1 } }), 'ok');
      await until('the echo', () => heard.length > 0);
      assert.deepEqual(heard, [{ type: 'broadcast', event: 'echo', payload: { n: 1 } }]);
    });

    it('by REST: a channel not subscribed sends through /api/broadcast, and subscribers hear it', async () => {
      const heard: unknown[] = [];
      const listener = client().channel('room-3').on('broadcast', { event: 'news' }, ({ payload }) => heard.push(payload));
      await subscribed(listener);
      assert.equal(await client().channel('room-3').send({ type: 'broadcast', event: 'news', payload: { from: 'rest' } }), 'ok');
      await until('the REST broadcast', () => heard.length > 0);
      assert.deepEqual(heard, [{ from: 'rest' }]);
    });

    it('by REST refuses a body without messages with 422, and a request without a key at the gateway', async () => {
      const url = `${stack.apiUrl}/realtime/v1/api/broadcast`;
      const empty = await fetch(url, { method: 'POST', headers: { apikey: stack.anonKey, 'content-type': 'application/json' }, body: '{}' });
      assert.deepEqual([empty.status, await empty.json()], [422, { errors: { messages: ["can't be blank"] } }]);
      const partial = await fetch(url, { method: 'POST', headers: { apikey: stack.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ messages: [{ topic: 't', event: 'e' }] }) });
      assert.deepEqual([partial.status, await partial.json()], [422, { errors: { messages: [{ payload: ["can't be blank"] }] } }]);
      const keyless = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      assert.equal(keyless.status, 401);
    });
  });

  describe('presence', () => {
    it('syncs what two clients track, and tells the other when one leaves or its socket goes', async () => {
      const leaves: string[] = [];
      const alice = client().channel('lobby', { config: { presence: { key: 'alice' } } }).on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
      const bobClient = client();
      const bob = bobClient.channel('lobby', { config: { presence: { key: 'bob' } } });
      const carol = client().channel('lobby', { config: { presence: { key: 'carol' } } });
      for (const channel of [alice, bob, carol]) channel.on('presence', { event: 'sync' }, () => undefined);
      await Promise.all([subscribed(alice), subscribed(bob), subscribed(carol)]);
      assert.equal(await alice.track({ mood: 'happy' }), 'ok');
      assert.equal(await bob.track({ mood: 'busy' }), 'ok');
      assert.equal(await carol.track({ mood: 'away' }), 'ok');
      await until('both presences at alice', () => Object.keys(alice.presenceState()).length === 3);
      const state = alice.presenceState() as Record<string, Array<Record<string, unknown>>>;
      assert.deepEqual(Object.keys(state).sort(), ['alice', 'bob', 'carol']);
      assert.equal(state.bob![0]!.mood, 'busy');
      assert.equal(typeof state.bob![0]!.presence_ref, 'string');
      assert.deepEqual(Object.keys(bob.presenceState()).sort(), ['alice', 'bob', 'carol']);
      assert.equal(await carol.untrack(), 'ok');
      await until('carol leaving', () => leaves.includes('carol'));
      bobClient.realtime.disconnect();
      await until('bob leaving when his socket went', () => leaves.includes('bob'));
      assert.deepEqual(Object.keys(alice.presenceState()), ['alice']);
    });
  });

  describe('postgres_changes', () => {
    it('delivers INSERT, UPDATE and DELETE with their payloads, old rows under replica identity full, and * all three', async () => {
      const byEvent: Record<string, Change[]> = { INSERT: [], UPDATE: [], DELETE: [], '*': [] };
      const channel = client().channel('db-changes');
      for (const event of ['INSERT', 'UPDATE', 'DELETE', '*'] as const) {
        onChange(channel, { event, schema: 'public', table: 'messages' }, (change: Change) => byEvent[event]!.push(change));
      }
      await subscribed(channel);
      await sql(`insert into public.messages values (1, 'general', 'hello', 3)`);
      await sql(`update public.messages set body = 'edited' where id = 1`);
      await sql(`delete from public.messages where id = 1`);
      await until('the three changes', () => byEvent['*']!.length === 3);
      await quietFor(200);
      assert.deepEqual(byEvent['*']!.map((change) => change.eventType), ['INSERT', 'UPDATE', 'DELETE']);
      const [insert] = byEvent.INSERT!;
      assert.equal(byEvent.INSERT!.length, 1);
      assert.deepEqual({ ...insert, commit_timestamp: undefined }, { schema: 'public', table: 'messages', commit_timestamp: undefined, eventType: 'INSERT', new: { id: 1, room: 'general', body: 'hello', score: 3 }, old: {}, errors: null });
      assert.match(insert!.commit_timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      assert.equal(byEvent.UPDATE!.length, 1);
      assert.deepEqual([byEvent.UPDATE![0]!.new, byEvent.UPDATE![0]!.old], [{ id: 1, room: 'general', body: 'edited', score: 3 }, { id: 1, room: 'general', body: 'hello', score: 3 }]);
      assert.equal(byEvent.DELETE!.length, 1);
      assert.deepEqual([byEvent.DELETE![0]!.new, byEvent.DELETE![0]!.old], [{}, { id: 1, room: 'general', body: 'edited', score: 3 }]);
    });

    it('applies each filter realtime accepts: eq, neq, lt, lte, gt, gte and in', async () => {
      const filters = ['score=eq.3', 'score=neq.3', 'score=lt.3', 'score=lte.3', 'score=gt.3', 'score=gte.3', 'room=in.(red,blue)'];
      const seen: Record<string, number[]> = Object.fromEntries(filters.map((filter) => [filter, []]));
      const channel = client().channel('filtered');
      for (const filter of filters) {
        onChange(channel, { event: 'INSERT', schema: 'public', table: 'messages', filter }, (change: Change) => seen[filter]!.push(change.new.id as number));
      }
      await subscribed(channel);
      await sql(`insert into public.messages values (11, 'red', null, 1), (12, 'blue', null, 2), (13, 'green', null, 3), (14, 'red', null, 4), (15, 'green', null, 5)`);
      await until('the gte filter to see its rows', () => seen['score=gte.3']!.length === 3);
      await quietFor(300);
      const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
      assert.deepEqual(Object.fromEntries(Object.entries(seen).map(([filter, ids]) => [filter, sorted(ids)])), {
        'score=eq.3': [13],
        'score=neq.3': [11, 12, 14, 15],
        'score=lt.3': [11, 12],
        'score=lte.3': [11, 12, 13],
        'score=gt.3': [14, 15],
        'score=gte.3': [13, 14, 15],
        'room=in.(red,blue)': [11, 12, 14],
      });
    });

    it('sends the changes of an RLS-protected table only to the subscriber whose claims may select the row', async () => {
      const got: Record<string, number[]> = { a: [], b: [], anon: [] };
      const watch = (who: string, token?: string) => onChange(client(token).channel(`notes-${who}`), { event: 'INSERT', schema: 'public', table: 'notes' }, (change: Change) => got[who]!.push(change.new.id as number));
      const channels = [watch('a', await userToken(USER_A)), watch('b', await userToken(USER_B)), watch('anon')];
      await Promise.all(channels.map(subscribed));
      await sql(`insert into public.notes values (1, $1, 'for a'), (2, $2, 'for b'), (3, $1, 'for a again')`, [USER_A, USER_B]);
      await until('both owners to see their notes', () => got.a!.length === 2 && got.b!.length === 1);
      await quietFor(300);
      assert.deepEqual(got, { a: [1, 3], b: [2], anon: [] });
      const rows = await sql(`select claims_role::text as role, claims ->> 'sub' as sub from realtime.subscription order by 2 nulls last`);
      assert.deepEqual(rows.rows, [{ role: 'authenticated', sub: USER_A }, { role: 'authenticated', sub: USER_B }, { role: 'anon', sub: null }]);
    });

    it('follows a new access token: the channel then sees what the new user may select', async () => {
      const got: number[] = [];
      const made = client(await userToken(USER_A));
      const channel = onChange(made.channel('notes-switch'), { event: 'INSERT', schema: 'public', table: 'notes' }, (change: Change) => got.push(change.new.id as number));
      await subscribed(channel);
      await sql(`insert into public.notes values (21, $1, 'a')`, [USER_A]);
      await until('the note of a', () => got.length === 1);
      made.realtime.setAuth(await userToken(USER_B));
      for (let tries = 0; tries < 100; tries++) {
        const rows = await sql(`select claims ->> 'sub' as sub from realtime.subscription`);
        if (rows.rows.every((row: { sub: string }) => row.sub === USER_B)) break;
        await quietFor(20);
      }
      await sql(`insert into public.notes values (22, $1, 'a'), (23, $2, 'b')`, [USER_A, USER_B]);
      await until('the note of b', () => got.length === 2);
      await quietFor(300);
      assert.deepEqual(got, [21, 23]);
    });

    it('runs on a server whose WAL writer flushes every 10 ms, so a change is decodable soon after its commit', async () => {
      // Commits are asynchronous on the native cluster and logical decoding reads flushed WAL only.
      assert.equal((await sql('show wal_writer_delay')).rows[0].wal_writer_delay, '10ms');
    });

    it('answers a filter realtime cannot parse with its system error, and keeps one slot for the stack', async () => {
      const system: Array<Record<string, unknown>> = [];
      const channel = onChange(client().channel('bad-filter'), { event: '*', schema: 'public', table: 'messages', filter: 'score=like.3' }, () => undefined).on('system' as 'broadcast', { event: '*' }, (message: Record<string, unknown>) => system.push(message));
      await subscribed(channel);
      await until('the system message', () => system.length > 0);
      assert.deepEqual(system[0], { extension: 'postgres_changes', status: 'error', message: 'Subscribing to PostgreSQL failed: {:error, "Error parsing `filter` params: [\\"like\\", \\"3\\"]"}', channel: 'bad-filter' });
      const slots = await sql(`select slot_name, plugin, temporary from pg_replication_slots`);
      // Persistent, so that a lost replication session resumes where it was (the stop drops it).
      assert.deepEqual(slots.rows, [{ slot_name: 'supabase_realtime_replication_slot', plugin: 'wal2json', temporary: false }]);
    });

    it('removes a channel\'s subscription rows when it leaves', async () => {
      const channel = onChange(client().channel('leaving'), { event: '*', schema: 'public', table: 'messages' }, () => undefined);
      await subscribed(channel);
      assert.equal((await sql(`select count(*)::int as n from realtime.subscription`)).rows[0].n, 1);
      await channel.unsubscribe();
      for (let tries = 0; tries < 100 && (await sql(`select count(*)::int as n from realtime.subscription`)).rows[0].n !== 0; tries++) await quietFor(20);
      assert.equal((await sql(`select count(*)::int as n from realtime.subscription`)).rows[0].n, 0);
    });
  });

  describe('the Phoenix protocol', () => {
    const socket = async (): Promise<{ ws: WebSocket; next: () => Promise<Record<string, unknown>> }> => {
      const ws = new WebSocket(`${stack.apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=1.0.0`);
      const inbox: Array<Record<string, unknown>> = [];
      ws.on('message', (data) => inbox.push(JSON.parse(String(data)) as Record<string, unknown>));
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const next = async () => {
        await until('a frame', () => inbox.length > 0, 3000);
        return inbox.shift()!;
      };
      return { ws, next };
    };

    it('answers heartbeats, a malformed frame with an error, and a push on a topic not joined with unmatched topic', async () => {
      const { ws, next } = await socket();
      try {
        ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' }));
        assert.deepEqual(await next(), { topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '1', join_ref: null });
        ws.send('not json');
        const error = await next();
        assert.equal(error.event, 'phx_error');
        ws.send(JSON.stringify({ topic: 'realtime:nowhere', event: 'broadcast', payload: {}, ref: '2' }));
        assert.deepEqual(await next(), { topic: 'realtime:nowhere', event: 'phx_reply', payload: { status: 'error', response: { reason: 'unmatched topic' } }, ref: '2', join_ref: null });
        ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '3' }));
        assert.equal(((await next()).payload as { status: string }).status, 'ok');
      } finally {
        ws.close();
      }
    });

    it('keeps serving the others while a client stops reading, and disconnects that client', async () => {
      const { ws, next } = await socket();
      ws.send(JSON.stringify({ topic: 'realtime:flood', event: 'phx_join', payload: { config: { broadcast: { self: false } } }, ref: '1', join_ref: '1' }));
      assert.equal(((await next()).payload as { status: string }).status, 'ok');
      const raw = (ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
      raw.pause();
      let heard = 0;
      const sender = client().channel('flood', { config: { broadcast: { self: true } } }).on('broadcast', { event: 'chunk' }, () => heard++);
      await subscribed(sender);
      const chunk = 'x'.repeat(100_000);
      for (let index = 0; index < 400; index++) {
        await sender.send({ type: 'broadcast', event: 'chunk', payload: { index, chunk } });
        // The sender reads what it is sent between batches, as a client whose loop is not busy does.
        if (index % 20 === 19) await quietFor(10);
      }
      await until('all 400 chunks at the reading client', () => heard === 400, 30_000);
      const closed = new Promise((resolve) => ws.once('close', resolve));
      raw.resume();
      // Well before Phoenix's 60 s idle timeout would have closed it anyway.
      await Promise.race([closed, new Promise((_resolve, reject) => setTimeout(() => reject(new Error('the client that stopped reading was never disconnected')), 15_000))]);
    });

    it('refuses a request with a header longer than [realtime] max_header_length with 431', async () => {
      const url = `${stack.apiUrl}/realtime/v1/api/broadcast`;
      const body = JSON.stringify({ messages: [{ topic: 't', event: 'e', payload: {} }] });
      const long = await fetch(url, { method: 'POST', headers: { apikey: stack.anonKey, 'content-type': 'application/json', 'x-note': 'n'.repeat(4097) }, body });
      assert.equal(long.status, 431);
      const fits = await fetch(url, { method: 'POST', headers: { apikey: stack.anonKey, 'content-type': 'application/json', 'x-note': 'n'.repeat(4096) }, body });
      assert.equal(fits.status, 202);
    });

    it('refuses a join with a token it cannot verify, with realtime\'s reason', async () => {
      const { ws, next } = await socket();
      try {
        const expired = await userToken(USER_A, Math.floor(Date.now() / 1000) - 10);
        ws.send(JSON.stringify({ topic: 'realtime:late', event: 'phx_join', payload: { config: {}, access_token: expired }, ref: '1', join_ref: '1' }));
        const reply = await next();
        assert.equal(reply.event, 'phx_reply');
        assert.match((reply.payload as { response: { reason: string } }).response.reason, /^\{:error, \[message: "Invalid token", claim: "exp", claim_val: \d+\]\}$/);
        ws.send(JSON.stringify({ topic: 'realtime:forged', event: 'phx_join', payload: { config: {}, access_token: `${expired.slice(0, -4)}AAAA` }, ref: '2', join_ref: '2' }));
        assert.deepEqual(((await next()).payload as { response: unknown }).response, { reason: '{:error, :signature_error}' });
      } finally {
        ws.close();
      }
    });
  });

  describe('db reset', () => {
    it('succeeds while a subscriber streams the slot, the stream comes back by itself, and changes reach a channel joined after it', async () => {
      const before = onChange(client().channel('before-reset'), { event: '*', schema: 'public', table: 'messages' }, () => undefined);
      await subscribed(before);
      const streaming = `select count(*)::int as n from pg_replication_slots where slot_name = 'supabase_realtime_replication_slot' and active and not temporary`;
      assert.equal((await sql(streaming)).rows[0].n, 1);
      const reset = project.run(['db', 'reset']);
      assert.equal(reset.code, 0, reset.stderr);
      // The reset ended the replication session and dropped the slot with its database; the
      // gateway reconnects on its own for the channel still subscribed, with a slot in the new one.
      const deadline = Date.now() + 20_000;
      while ((await sql(streaming)).rows[0].n !== 1) {
        assert.ok(Date.now() < deadline, 'the change stream did not come back after the reset');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const got: number[] = [];
      const after = onChange(client().channel('after-reset'), { event: 'INSERT', schema: 'public', table: 'messages' }, (change: Change) => got.push(change.new.id as number));
      await subscribed(after);
      await sql(`insert into public.messages values (31, 'general', 'after reset', 1)`);
      await until('the change after the reset', () => got.length === 1);
      assert.deepEqual(got, [31]);
    });
  });

  describe('left out', () => {
    it('stop drops the slot with the stack; start -x realtime serves no socket and records realtime excluded', async () => {
      assert.equal(project.run(['stop']).code, 0);
      const started = project.run(['start', '-x', 'realtime']);
      assert.equal(started.code, 0, started.stderr);
      assert.match(started.stderr, /^Excluded: .*\brealtime\b/m);
      assert.deepEqual((await sql(`select slot_name from pg_replication_slots`)).rows, []);
      const refused = await new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`${stack.apiUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=1.0.0`);
        ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        ws.on('open', () => reject(new Error('a socket opened on a stack without realtime')));
        ws.on('error', reject);
      });
      assert.equal(refused, 503);
    });
  });
});
