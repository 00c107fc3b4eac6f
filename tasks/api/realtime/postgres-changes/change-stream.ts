/**
 * Database changes for Realtime, as realtime v2.25.50's postgres_cdc_rls extension hands them out,
 * but streamed: ONE wal2json logical replication slot for the stack
 * (`supabase_realtime_replication_slot`), made when the first postgres_changes binding subscribes
 * and streamed on a replication connection (replication-connection.ts) as the server decodes each
 * commit, instead of realtime's read of the slot every 100 ms. Each batch of what arrived goes
 * through realtime.apply_rls in one query (visible-changes.ts), so a change comes with the
 * subscription ids whose role and claims may see it under RLS, in the order list_changes gives.
 *
 * A commit is acknowledged to the server only once its changes were handed to their channels. A
 * lost session (the server restarted, `db reset` ended it) is reopened after a pause while anyone
 * subscribes, resuming after the last commit delivered; a transaction cut in the middle is sent
 * again by the server, and the changes of it already delivered are skipped. The slot is persistent
 * so that it survives such a loss; the stop drops it, DROP DATABASE drops it with the database,
 * and a start drops one a killed gateway left. A server that refuses replication connections gets
 * realtime's poll instead (change-poller.ts).
 *
 * Each change goes to the channels whose bindings' ids it names, encoded once per channel; a
 * channel is told through its `deliver`, which never blocks (a slow socket is the socket's affair).
 */
import type pg from 'pg';
import pgDriver from '../../../db/pg-driver.js';
import { changeRecord, type WalRow } from './change-record.js';
import { ChangePoller } from './change-poller.js';
import { ReplicationConnection, type WalMessage } from './replication-connection.js';
import { dropSlot, SLOT_NAME } from './replication-slot.js';
import { PUBLICATION } from './subscription-sql.js';
import { visibleChanges } from './visible-changes.js';

/** realtime's poll_interval_ms (the fallback's), poll_max_changes (one batch) and poll_max_record_bytes. */
const POLL_INTERVAL_MS = 100;
const MAX_CHANGES = 100;
const MAX_RECORD_BYTES = 1024 * 1024;
/** Pause before reopening a lost session, doubling up to the last (realtime backs off up to 5 s). */
const RETRY_MS = 1000;
const RETRY_MAX_MS = 5000;
/** Errors that say this server will never stream to us: no replication line in pg_hba.conf, no privilege, no wal senders. */
const STREAMING_IMPOSSIBLE = new Set(['28000', '42501', '53300', '0A000']);

/**
 * Whether a failed apply_rls query means its session is gone rather than that the batch is bad:
 * anything but the server's error (the socket closed, the client ended), or the server's error
 * for a connection it ends (57P01 terminated by an administrator, 57P02/57P03 crash and shutdown,
 * class 08).
 */
function sessionEnded(error: unknown): boolean {
  return !(error instanceof pgDriver.DatabaseError) || /^(57P0|08)/.test(error.code ?? '');
}

/** Who receives the changes of one subscription id. */
export interface ChangeTarget {
  /** The binding's id as the join reply gave it to the client. */
  id: number;
  /** Sends `{ids, data}` as a postgres_changes push on the target's channel. */
  deliver(ids: number[], data: Record<string, unknown>): void;
  /** The channel the binding belongs to: changes are grouped by it, so one push names all its ids. */
  channel: object;
}

export interface ChangeStreamOptions {
  dbPort: number;
  dbPassword: string;
  host: string;
  log(line: string): void;
  /** The fallback poll's interval (tests make it huge to show that delivery does not wait for it). */
  pollIntervalMs?: number;
}

/** One open streaming session: the replication connection and the session running apply_rls. */
interface Session {
  replication: ReplicationConnection;
  queries: pg.Client;
}

export class ChangeStream {
  private readonly targets = new Map<string, ChangeTarget>();
  private session: Session | undefined;
  private opening: Promise<void> | undefined;
  private poller: ChangePoller | undefined;
  private retry: NodeJS.Timeout | undefined;
  private retryMs = RETRY_MS;
  private closed = false;
  /** Messages streamed and not yet handled, in WAL order; a begin says how many of its changes were delivered before. */
  private pending: Array<WalMessage & { done?: number }> = [];
  private draining = false;
  /** The end of the last commit whose changes were all delivered: a new session resumes after it. */
  private delivered = 0n;
  /** The transaction being delivered (its begin position) and how many of its changes were. */
  private open: { begin: bigint; done: number } | undefined;
  /** After a loss in the middle of a transaction: its changes already delivered, skipped when it comes again. */
  private skip: { begin: bigint; left: number } | undefined;

  constructor(private readonly options: ChangeStreamOptions) {}

  /** Registers subscription ids and makes sure the slot exists (so a change after this resolves is seen). */
  async add(entries: ReadonlyArray<[string, ChangeTarget]>): Promise<void> {
    for (const [uuid, target] of entries) this.targets.set(uuid, target);
    if (this.poller) return this.poller.open();
    await this.connect();
  }

  /**
   * Forgets subscription ids. Streaming goes on while the slot exists, subscribers or not, as
   * realtime's poller reads on: a later subscriber must not be sent changes from before it joined.
   */
  remove(uuids: readonly string[]): void {
    for (const uuid of uuids) this.targets.delete(uuid);
  }

  /** Ends the sessions and drops the slot. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.opening?.catch(() => undefined);
    await this.poller?.close();
    const session = this.session;
    this.session = undefined;
    if (!session) return;
    await session.replication.end();
    await dropSlot(session.queries).catch((error: Error) => this.options.log(`realtime: dropping the replication slot failed: ${error.message}`));
    await session.queries.end().catch(() => undefined);
  }

  /** Opens a streaming session if there is none; falls back to polling on a server that cannot stream. */
  private connect(): Promise<void> {
    if (this.session || this.closed) return Promise.resolve();
    this.opening ??= this.openSession()
      .catch(async (error: Error & { code?: string }) => {
        if (!STREAMING_IMPOSSIBLE.has(error.code ?? '')) throw error;
        this.options.log(`realtime: the database refuses to stream changes (${error.message}); reading them every ${this.pollInterval()} ms instead`);
        this.poller = new ChangePoller({ host: this.options.host, port: this.options.dbPort, password: this.options.dbPassword, slot: SLOT_NAME, intervalMs: this.pollInterval(), log: this.options.log, dispatch: (row) => this.dispatch(row), wanted: () => this.targets.size > 0 });
        await this.poller.open();
      })
      .finally(() => {
        this.opening = undefined;
      });
    return this.opening;
  }

  private pollInterval(): number {
    return this.options.pollIntervalMs ?? POLL_INTERVAL_MS;
  }

  private async openSession(): Promise<void> {
    const { host, dbPort: port, dbPassword: password } = this.options;
    const queries = new pgDriver.Client({ host, port, user: 'supabase_admin', password, database: 'postgres', application_name: 'realtime_rls' });
    queries.on('error', (error) => this.lost(queries, error));
    // A backend ended under an idle client says so with 'end' alone.
    queries.on('end', () => this.lost(queries, undefined));
    await queries.connect();
    let replication: ReplicationConnection;
    try {
      // What a lost session left half-delivered comes again from the server: skip what was sent.
      this.skip = this.open ? { begin: this.open.begin, left: this.open.done } : undefined;
      this.open = undefined;
      this.pending = [];
      replication = await ReplicationConnection.open({
        host, port, password, slot: SLOT_NAME, from: this.delivered,
        onMessage: (message) => this.receive(queries, message),
        onEnd: (error) => this.lost(queries, error),
      });
    } catch (error) {
      await queries.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await replication.end();
      await queries.end().catch(() => undefined);
      return;
    }
    this.session = { replication, queries };
    this.retryMs = RETRY_MS;
    if (this.pending.length > 0 && !this.draining) void this.drain(queries);
  }

  /** The session whose apply_rls connection is `queries` ended: reopen it later for those still subscribed. */
  private lost(queries: pg.Client, error: Error | undefined): void {
    const session = this.session;
    if (!session || session.queries !== queries) return;
    this.session = undefined;
    this.pending = [];
    void session.replication.end();
    void queries.end().catch(() => undefined);
    if (this.closed) return;
    this.options.log(`realtime: the database change stream ended${error ? `: ${error.message}` : ''}; reconnecting`);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.closed || this.session) return;
      // Nobody left to resume for: a slot kept now would hold WAL, and hand a later subscriber
      // changes from before it joined.
      if (this.targets.size === 0) return void this.dropIdleSlot();
      this.connect().catch((error: Error) => {
        this.options.log(`realtime: reconnecting the database change stream failed: ${error.message}`);
        this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
        this.scheduleRetry();
      });
    }, this.retryMs);
  }

  private receive(queries: pg.Client, message: WalMessage): void {
    if (message.action === 'B') {
      if (this.skip && this.skip.begin !== message.lsn) this.skip = undefined;
      if (this.skip) return void this.queue(queries, { ...message, done: this.skip.left });
    } else if (message.action !== 'C' && this.skip && this.skip.left > 0) {
      this.skip.left--;
      return;
    }
    this.queue(queries, message);
  }

  private queue(queries: pg.Client, message: WalMessage & { done?: number }): void {
    this.pending.push(message);
    if (!this.draining) void this.drain(queries);
  }

  /** Hands the pending messages to their channels, a batch at a time, and acknowledges the commits delivered. */
  private async drain(queries: pg.Client): Promise<void> {
    this.draining = true;
    try {
      while (this.pending.length > 0 && this.session?.queries === queries) {
        let end = 0;
        const changes: string[] = [];
        while (end < this.pending.length && changes.length < MAX_CHANGES) {
          const message = this.pending[end++];
          if (message.action !== 'B' && message.action !== 'C') changes.push(message.json);
        }
        const batch = this.pending.slice(0, end);
        let rows: Array<WalRow & { ord: number }>;
        try {
          rows = changes.length > 0 ? await visibleChanges(queries, PUBLICATION, changes, MAX_RECORD_BYTES) : [];
        } catch (error) {
          // A lost connection reopens the session (the batch comes again); a failing batch is skipped, not retried forever.
          // The query can fail with the loss before the client reports it: skipping then would
          // acknowledge commits whose changes nobody was sent.
          if (sessionEnded(error)) this.lost(queries, error as Error);
          if (this.session?.queries !== queries) return;
          this.options.log(`realtime: reading database changes failed: ${(error as Error).message}`);
          rows = [];
        }
        const session = this.session;
        if (session?.queries !== queries) return;
        this.pending.splice(0, end);
        let ord = 0;
        let row = 0;
        for (const message of batch) {
          if (message.action === 'B') {
            this.open = { begin: message.lsn, done: message.done ?? 0 };
          } else if (message.action === 'C') {
            this.open = undefined;
            this.delivered = message.lsn;
          } else {
            ord++;
            while (row < rows.length && rows[row].ord === ord) this.dispatch(rows[row++]);
            if (this.open) this.open.done++;
          }
        }
        session.replication.acknowledge(this.delivered);
      }
    } finally {
      this.draining = false;
      // Messages of a newer session may have come while this one's batch was on its way.
      const current = this.session;
      if (this.pending.length > 0 && current) queueMicrotask(() => !this.draining && this.session === current && void this.drain(current.queries));
    }
  }

  /** Drops the slot on a session of its own (the stream is gone and nobody subscribes). */
  private async dropIdleSlot(): Promise<void> {
    const { host, dbPort: port, dbPassword: password } = this.options;
    const client = new pgDriver.Client({ host, port, user: 'supabase_admin', password, database: 'postgres', application_name: 'realtime_rls' });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await dropSlot(client);
    } catch (error) {
      this.options.log(`realtime: dropping the idle replication slot failed: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** Sends one change to every channel with a binding it names, once per channel. */
  private dispatch(row: WalRow): void {
    const data = changeRecord(row);
    if (!data) return;
    const byChannel = new Map<object, { target: ChangeTarget; ids: number[] }>();
    for (const uuid of row.subscription_ids ?? []) {
      const target = this.targets.get(uuid);
      if (!target) continue;
      const entry = byChannel.get(target.channel);
      if (entry) {
        if (!entry.ids.includes(target.id)) entry.ids.push(target.id);
      } else {
        byChannel.set(target.channel, { target, ids: [target.id] });
      }
    }
    for (const { target, ids } of byChannel.values()) target.deliver(ids, data);
  }
}
