/**
 * Database changes for Realtime, as realtime v2.25.50's postgres_cdc_rls extension gets them: ONE
 * wal2json logical replication slot for the stack (`supabase_realtime_replication_slot`), created
 * temporary on a session of its own when the first postgres_changes binding subscribes, read with
 * realtime.list_changes (which runs realtime.apply_rls, so each change comes with the subscription
 * ids whose role and claims may see it under RLS). The slot lives as long as that session: the
 * gateway's stop ends it, and the server drops the slot. Reading is realtime's loop: again at once
 * while a read was non-empty, else after 100 ms; a failure drops the session, and the next read
 * opens another (with a new slot: a temporary slot cannot outlive its session).
 *
 * Each change goes to the channels whose bindings' ids it names, encoded once per channel; a
 * channel is told through its `deliver`, which never blocks (a slow socket is the socket's affair).
 */
import type pg from 'pg';
import pgDriver from '../../../db/pg-driver.js';
import { changeRecord, type WalRow } from './change-record.js';
import { PUBLICATION } from './subscription-sql.js';

export const SLOT_NAME = 'supabase_realtime_replication_slot';
/** realtime's poll_interval_ms, poll_max_changes and poll_max_record_bytes defaults. */
const POLL_INTERVAL_MS = 100;
const MAX_CHANGES = 100;
const MAX_RECORD_BYTES = 1024 * 1024;
/** How long to wait after a failed read before the next (realtime backs off from 100 ms up to 5 s). */
const RETRY_MS = 1000;

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
}

export class ChangeStream {
  private readonly targets = new Map<string, ChangeTarget>();
  private client: pg.Client | undefined;
  private opening: Promise<pg.Client> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reading = false;
  private closed = false;

  constructor(private readonly options: ChangeStreamOptions) {}

  /** Registers subscription ids and makes sure the slot exists (so a change after this resolves is seen). */
  async add(entries: ReadonlyArray<[string, ChangeTarget]>): Promise<void> {
    for (const [uuid, target] of entries) this.targets.set(uuid, target);
    await this.session();
    this.schedule(0);
  }

  /**
   * Forgets subscription ids. Reading goes on while the slot exists, subscribers or not, as
   * realtime's poller does: a slot nobody reads keeps the server's WAL from being recycled, and a
   * later subscriber would be sent changes from before it joined.
   */
  remove(uuids: readonly string[]): void {
    for (const uuid of uuids) this.targets.delete(uuid);
  }

  /** Ends the session, which drops the temporary slot. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client ?? (await this.opening?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** The session holding the slot, opened (and the slot made) when there is none. */
  private session(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.opening ??= (async () => {
      const client = new pgDriver.Client({ host: this.options.host, port: this.options.dbPort, user: 'supabase_admin', password: this.options.dbPassword, database: 'postgres', application_name: 'realtime_rls' });
      client.on('error', () => this.drop(client));
      try {
        await client.connect();
        // PostgreSQL 15.15 and later load only the output plugins `output_plugin_libraries` trusts
        // (pgoutput and test_decoding by default); the setting is a superuser's to widen for its
        // session, which is all the slot needs. Older servers have no such setting.
        await client.query(`select set_config('output_plugin_libraries', setting || ', wal2json', false) from pg_catalog.pg_settings
          where name = 'output_plugin_libraries' and not 'wal2json' = any (string_to_array(replace(setting, ' ', ''), ','))`);
        await client.query(
          `select case when not exists (select 1 from pg_catalog.pg_replication_slots where slot_name = $1)
            then (select 1 from pg_catalog.pg_create_logical_replication_slot($1, 'wal2json', true)) else 1 end`,
          [SLOT_NAME],
        );
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  private drop(client: pg.Client): void {
    if (this.client === client) this.client = undefined;
    void client.end().catch(() => undefined);
  }

  private schedule(delay: number): void {
    if (this.closed || this.reading) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.read(), delay);
  }

  private async read(): Promise<void> {
    this.timer = undefined;
    // After a failure the session is reopened only for subscribers still waiting for changes.
    if (this.closed || this.reading || (!this.client && this.targets.size === 0)) return;
    this.reading = true;
    let next = POLL_INTERVAL_MS;
    try {
      const client = await this.session();
      const result = await client.query<WalRow>('select * from realtime.list_changes($1, $2, $3, $4)', [PUBLICATION, SLOT_NAME, MAX_CHANGES, MAX_RECORD_BYTES]);
      for (const row of result.rows) this.dispatch(row);
      if (result.rows.length > 0) next = 0;
    } catch (error) {
      this.options.log(`realtime: reading database changes failed: ${(error as Error).message}`);
      if (this.client) this.drop(this.client);
      next = RETRY_MS;
    } finally {
      this.reading = false;
    }
    this.schedule(next);
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
