/**
 * The fallback for a server that refuses replication connections (pg_hba.conf without a
 * replication line, no wal senders): realtime v2.25.50's own way, a temporary wal2json slot on a
 * session of its own read with realtime.list_changes (which runs realtime.apply_rls) again at
 * once while a read was non-empty, else after the poll interval (realtime's 100 ms). A failure
 * drops the session; the next read opens another, with a new slot (a temporary slot cannot
 * outlive its session), so changes committed in between are not seen.
 */
import type pg from 'pg';
import pgDriver from '../../../db/pg-driver.js';
import type { WalRow } from './change-record.js';
import { PUBLICATION } from './subscription-sql.js';

/** realtime's poll_max_changes and poll_max_record_bytes defaults. */
const MAX_CHANGES = 100;
const MAX_RECORD_BYTES = 1024 * 1024;
/** How long to wait after a failed read before the next (realtime backs off from 100 ms up to 5 s). */
const RETRY_MS = 1000;

export interface PollerOptions {
  host: string;
  port: number;
  password: string;
  slot: string;
  intervalMs: number;
  log(line: string): void;
  dispatch(row: WalRow): void;
  /** Whether anyone still waits for changes: a lost session is reopened only for them. */
  wanted(): boolean;
}

export class ChangePoller {
  private client: pg.Client | undefined;
  private opening: Promise<pg.Client> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reading = false;
  private closed = false;

  constructor(private readonly options: PollerOptions) {}

  /** Makes sure the slot exists (so a change after this resolves is seen) and reads at once. */
  async open(): Promise<void> {
    await this.session();
    this.schedule(0);
  }

  /** Ends the session, which drops the temporary slot. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client ?? (await this.opening?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private session(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.opening ??= (async () => {
      const { host, port, password, slot } = this.options;
      const client = new pgDriver.Client({ host, port, user: 'supabase_admin', password, database: 'postgres', application_name: 'realtime_rls' });
      client.on('error', () => this.drop(client));
      try {
        await client.connect();
        // See replication-connection.ts: wal2json must be trusted for this session.
        await client.query(`select set_config('output_plugin_libraries', setting || ', wal2json', false) from pg_catalog.pg_settings
          where name = 'output_plugin_libraries' and not 'wal2json' = any (string_to_array(replace(setting, ' ', ''), ','))`);
        await client.query(
          `select case when not exists (select 1 from pg_catalog.pg_replication_slots where slot_name = $1)
            then (select 1 from pg_catalog.pg_create_logical_replication_slot($1, 'wal2json', true)) else 1 end`,
          [slot],
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
    if (this.closed || this.reading || (!this.client && !this.options.wanted())) return;
    this.reading = true;
    let next = this.options.intervalMs;
    try {
      const client = await this.session();
      const result = await client.query<WalRow>('select * from realtime.list_changes($1, $2, $3, $4)', [PUBLICATION, this.options.slot, MAX_CHANGES, MAX_RECORD_BYTES]);
      for (const row of result.rows) this.options.dispatch(row);
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
}
