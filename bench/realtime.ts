/**
 * The native Realtime API against its floors, on a stack the built CLI starts: the broadcast
 * round trip (p50, a channel hearing its own message with `self`) as a ratio to a bare WebSocket
 * echo on the same machine; broadcast throughput to 100 subscribers (deliveries per second) as a
 * ratio to a bare WebSocket server fanning the same messages out; and the delay from an INSERT's
 * statement to its postgres_changes event as a ratio to LISTEN/NOTIFY's from a pg_notify to its
 * notification (the floor of any change stream out of PostgreSQL). Subscribers speak Phoenix's
 * serializer 1.0.0 over ws directly, as realtime-js does, so a hundred of them stay light.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import WebSocket, { WebSocketServer } from 'ws';
import { cliProject } from '../test/integration/support/cli-project.js';
import { median } from './measure.js';

const SUBSCRIBERS = 100;
const FANOUT_MESSAGES = Number(process.env.BENCH_REALTIME_MESSAGES ?? 200);
const ROUND_TRIPS = 300;
const INSERTS = 40;
const PAYLOAD = { text: 'x'.repeat(100) };

type Frame = { topic: string; event: string; payload: Record<string, unknown>; ref: string | null };

const opened = (ws: WebSocket): Promise<void> => new Promise((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
const p50 = (values: number[]): number => median(values);

/** A Phoenix client: joins topics and hands every pushed frame to `onFrame`. */
async function phoenixClient(url: string, onFrame: (frame: Frame) => void): Promise<{ join(topic: string, config: object): Promise<void>; push(topic: string, event: string, payload: object): void; close(): void }> {
  const ws = new WebSocket(url);
  await opened(ws);
  let ref = 0;
  const waiting = new Map<string, () => void>();
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    if (frame.event === 'phx_reply' && frame.ref && waiting.has(frame.ref)) {
      waiting.get(frame.ref)!();
      waiting.delete(frame.ref);
      return;
    }
    onFrame(frame);
  });
  return {
    join: (topic, config) =>
      new Promise((resolve) => {
        const id = String(++ref);
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ topic, event: 'phx_join', payload: { config }, ref: id, join_ref: id }));
      }),
    push: (topic, event, payload) => ws.send(JSON.stringify({ topic, event, payload, ref: String(++ref) })),
    close: () => ws.close(),
  };
}

/** A bare WebSocket server: echoes each message to its sender, or with `fanout` to every client. */
async function bareServer(fanout: boolean): Promise<{ url: string; close(): void }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('connection', (ws) => ws.on('message', (data) => {
    const text = String(data);
    if (fanout) for (const client of server.clients) client.send(text);
    else ws.send(text);
  }));
  return { url: `ws://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => server.close() };
}

/** Round trips of one message (ms), each waiting for the last. */
async function roundTrips(send: (index: number) => void, heard: (callback: () => void) => void): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < ROUND_TRIPS; index++) {
    const began = performance.now();
    await new Promise<void>((resolve) => {
      heard(resolve);
      send(index);
    });
    times.push(performance.now() - began);
  }
  return times.slice(20);
}

/** Deliveries per second: `messages` sent at once, until every subscriber has them all. */
async function fanoutRate(total: number, sendAll: () => void, delivered: () => number): Promise<number> {
  const began = performance.now();
  sendAll();
  while (delivered() < total) await new Promise((resolve) => setImmediate(resolve));
  return total / ((performance.now() - began) / 1000);
}

const project = await cliProject('bench-realtime');
try {
  writeFileSync(path.join(project.root, 'supabase', 'migrations', '20240103000000_feed.sql'), 'create table public.feed (id bigint primary key, body text);\nalter publication supabase_realtime add table public.feed;\n');
  const started = project.run(['start']);
  if (started.code !== 0) throw new Error(started.stderr);
  const status = JSON.parse(project.run(['status', '-o', 'json']).stdout) as Record<string, string>;
  const socketUrl = `${status.API_URL!.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${status.ANON_KEY}&vsn=1.0.0`;

  // Round trip: the channel hears its own broadcast; the floor is an echo.
  let next: (() => void) | undefined;
  const self = await phoenixClient(socketUrl, (frame) => frame.event === 'broadcast' && next?.());
  await self.join('realtime:rtt', { broadcast: { self: true } });
  const realtimeRtt = await roundTrips((index) => self.push('realtime:rtt', 'broadcast', { type: 'broadcast', event: 'ping', payload: { index, ...PAYLOAD } }), (callback) => (next = callback));
  self.close();
  const echo = await bareServer(false);
  const echoClient = new WebSocket(echo.url);
  await opened(echoClient);
  echoClient.on('message', () => next?.());
  const echoRtt = await roundTrips((index) => echoClient.send(JSON.stringify({ topic: 'realtime:rtt', event: 'broadcast', payload: { type: 'broadcast', event: 'ping', payload: { index, ...PAYLOAD } }, ref: null })), (callback) => (next = callback));
  echoClient.close();
  echo.close();

  // Fan-out to 100 subscribers.
  let delivered = 0;
  const subscribers = await Promise.all(Array.from({ length: SUBSCRIBERS }, () => phoenixClient(socketUrl, (frame) => frame.event === 'broadcast' && delivered++)));
  await Promise.all(subscribers.map((subscriber) => subscriber.join('realtime:fanout', {})));
  const sender = await phoenixClient(socketUrl, () => undefined);
  await sender.join('realtime:fanout', { broadcast: { self: false } });
  const realtimeRate = await fanoutRate(FANOUT_MESSAGES * SUBSCRIBERS, () => {
    for (let index = 0; index < FANOUT_MESSAGES; index++) sender.push('realtime:fanout', 'broadcast', { type: 'broadcast', event: 'tick', payload: { index, ...PAYLOAD } });
  }, () => delivered);
  for (const client of [...subscribers, sender]) client.close();
  const fan = await bareServer(true);
  let bareDelivered = 0;
  const bareClients = await Promise.all(Array.from({ length: SUBSCRIBERS }, async () => {
    const ws = new WebSocket(fan.url);
    await opened(ws);
    ws.on('message', () => bareDelivered++);
    return ws;
  }));
  const bareSender = bareClients[0]!;
  const bareRate = await fanoutRate(FANOUT_MESSAGES * SUBSCRIBERS, () => {
    for (let index = 0; index < FANOUT_MESSAGES; index++) bareSender.send(JSON.stringify({ topic: 'realtime:fanout', event: 'broadcast', payload: { type: 'broadcast', event: 'tick', payload: { index, ...PAYLOAD } }, ref: null }));
  }, () => bareDelivered);
  for (const ws of bareClients) ws.close();
  fan.close();

  // Commit to event: postgres_changes against LISTEN/NOTIFY.
  const db = new pg.Client({ connectionString: status.DB_URL });
  await db.connect();
  let changeHeard: (() => void) | undefined;
  const watcher = await phoenixClient(socketUrl, (frame) => frame.event === 'postgres_changes' && changeHeard?.());
  await watcher.join('realtime:feed', { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'feed' }] });
  const changeDelays: number[] = [];
  for (let index = 0; index < INSERTS; index++) {
    const heard = new Promise<number>((resolve) => (changeHeard = () => resolve(performance.now())));
    // From the statement's start: a notification can arrive before its sender hears the commit.
    const began = performance.now();
    await db.query('insert into public.feed values ($1, $2)', [index, 'row']);
    changeDelays.push((await heard) - began);
  }
  watcher.close();
  const listener = new pg.Client({ connectionString: status.DB_URL });
  await listener.connect();
  await listener.query('listen bench_feed');
  let notified: (() => void) | undefined;
  listener.on('notification', () => notified?.());
  const notifyDelays: number[] = [];
  for (let index = 0; index < INSERTS; index++) {
    const heard = new Promise<number>((resolve) => (notified = () => resolve(performance.now())));
    const began = performance.now();
    await db.query(`select pg_notify('bench_feed', $1)`, [String(index)]);
    notifyDelays.push((await heard) - began);
  }
  await Promise.all([db.end(), listener.end()]);

  const ratio = (value: number, floor: number) => `${(value / floor).toFixed(2)}x`;
  console.log(`broadcast round trip p50: ${p50(realtimeRtt).toFixed(2)} ms (${ratio(p50(realtimeRtt), p50(echoRtt))} a bare WebSocket echo at ${p50(echoRtt).toFixed(2)} ms)`);
  console.log(`broadcast to ${SUBSCRIBERS} subscribers: ${realtimeRate.toFixed(0)} deliveries/s (${(realtimeRate / bareRate).toFixed(2)}x a bare WebSocket fan-out at ${bareRate.toFixed(0)}/s)`);
  console.log(`INSERT to postgres_changes event p50: ${p50(changeDelays).toFixed(1)} ms (${ratio(p50(changeDelays), p50(notifyDelays))} LISTEN/NOTIFY at ${p50(notifyDelays).toFixed(2)} ms)`);
} finally {
  project.dispose();
}
