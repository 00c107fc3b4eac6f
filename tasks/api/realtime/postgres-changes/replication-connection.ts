/**
 * A logical replication connection streaming the stack's wal2json slot: PostgreSQL's streaming
 * replication protocol (START_REPLICATION ... LOGICAL, then CopyBoth: XLogData and keepalives in,
 * standby status updates out), our own code because pg 8 has none; pg carries the bytes (a
 * replication=database session, and a submittable that receives the CopyData messages and sends
 * ours with the connection's sendCopyFromChunk).
 *
 * wal2json speaks format 2 with the options realtime.list_changes passes (primary keys, commit
 * timestamps, type oids) plus transactions, so each commit's position is known: the server only
 * hears of a position once the caller says its changes were delivered (`acknowledge`), and a
 * session resumed from the slot starts after the last commit acknowledged here.
 */
import type pg from 'pg';
import pgDriver from '../../../db/pg-driver.js';

/** One decoded message: a change, or a transaction's begin (`B`) or commit (`C`). */
export interface WalMessage {
  /** Where it is in the WAL; for a commit, the end of its record (what acknowledging it confirms). */
  lsn: bigint;
  /** wal2json's format 2 object, as text. */
  json: string;
  action: string;
}

export interface ReplicationOptions {
  host: string;
  port: number;
  password: string;
  slot: string;
  /** Resume after this position (the last commit delivered); 0 starts at the slot's confirmed position. */
  from: bigint;
  onMessage(message: WalMessage): void;
  /** The stream ended: the server went away, the session was ended, or START_REPLICATION failed. */
  onEnd(error: Error | undefined): void;
}

/** Milliseconds from the Unix epoch to PostgreSQL's (2000-01-01), where status update clocks count from. */
const PG_EPOCH_MS = 946_684_800_000;

const WAL2JSON_OPTIONS = `("format-version" '2', "include-pk" 'true', "include-transaction" 'true', "include-timestamp" 'true', "include-type-oids" 'true')`;

/** An LSN as the replication commands write it (`16/B374D848`). */
export function lsnText(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

export class ReplicationConnection {
  private acknowledged: bigint;
  private connection: { sendCopyFromChunk(chunk: Buffer): void } | undefined;
  private ended = false;

  private constructor(private readonly client: pg.Client, private readonly options: ReplicationOptions) {
    this.acknowledged = options.from;
  }

  /**
   * Connects, makes the slot if it is missing (a persistent one: a session lost with the server
   * still up resumes where it was, and DROP DATABASE drops it with the database) and starts
   * streaming. Resolves once the slot exists, so a change committed after that is streamed.
   */
  static async open(options: ReplicationOptions): Promise<ReplicationConnection> {
    const client = new pgDriver.Client({ host: options.host, port: options.port, user: 'supabase_admin', password: options.password, database: 'postgres', application_name: 'realtime_rls', replication: 'database' } as pg.ClientConfig);
    const stream = new ReplicationConnection(client, options);
    client.on('error', (error) => stream.finish(error));
    client.on('end', () => stream.finish(undefined));
    try {
      await client.connect();
      // PostgreSQL 15.15 and later load only the output plugins `output_plugin_libraries` trusts
      // (pgoutput and test_decoding by default); a superuser may widen it for its session, which
      // is all the slot needs. Older servers have no such setting. Replication sessions take
      // simple queries only, hence the literals.
      await client.query(`select set_config('output_plugin_libraries', setting || ', wal2json', false) from pg_catalog.pg_settings
        where name = 'output_plugin_libraries' and not 'wal2json' = any (string_to_array(replace(setting, ' ', ''), ','))`);
      const slot = client.escapeLiteral(options.slot);
      const found = await client.query(`select 1 from pg_catalog.pg_replication_slots where slot_name = ${slot}`);
      if (found.rows.length === 0) await client.query(`CREATE_REPLICATION_SLOT ${client.escapeIdentifier(options.slot)} LOGICAL wal2json`);
    } catch (error) {
      stream.ended = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    stream.start();
    return stream;
  }

  /** Tells the server every change up to `lsn` was delivered (it may then recycle that WAL). */
  acknowledge(lsn: bigint): void {
    if (lsn <= this.acknowledged) return;
    this.acknowledged = lsn;
    this.sendStatus(false);
  }

  /** Ends the session (the slot stays; the service drops it at stop). */
  async end(): Promise<void> {
    this.ended = true;
    await this.client.end().catch(() => undefined);
  }

  private start(): void {
    const command = `START_REPLICATION SLOT ${this.client.escapeIdentifier(this.options.slot)} LOGICAL ${lsnText(this.options.from)} ${WAL2JSON_OPTIONS}`;
    // A submittable: pg hands it the CopyBoth stream's messages while it is the active query.
    const replication = {
      submit: (connection: { query(text: string): void; sendCopyFromChunk(chunk: Buffer): void }) => {
        this.connection = connection;
        connection.query(command);
      },
      handleCopyData: (message: { chunk: Buffer }) => this.receive(message.chunk),
      handleError: (error: Error) => this.finish(error),
      handleReadyForQuery: () => this.finish(new Error('the replication stream ended')),
      handleRowDescription: () => undefined,
      handleDataRow: () => undefined,
      handleCommandComplete: () => undefined,
      handleEmptyQuery: () => undefined,
      handlePortalSuspended: () => undefined,
      handleCopyInResponse: () => undefined,
    };
    void this.client.query(replication as unknown as pg.QueryConfig);
  }

  private receive(chunk: Buffer): void {
    if (chunk[0] === 0x77) {
      // XLogData: 'w', start (8), end of WAL on the server (8), send time (8), the plugin's text.
      const json = chunk.toString('utf8', 25);
      // The action is the first member wal2json writes: {"action":"I",...
      const action = json.slice(11, 12);
      this.options.onMessage({ lsn: chunk.readBigUInt64BE(1), json, action });
    } else if (chunk[0] === 0x6b && chunk[17] === 1) {
      // A keepalive asking for an answer (the server ends a silent client after wal_sender_timeout).
      this.sendStatus(false);
    }
  }

  /** Standby status update: 'r', written, flushed and applied positions, the time, reply wanted. */
  private sendStatus(replyWanted: boolean): void {
    if (this.ended || !this.connection) return;
    const update = Buffer.alloc(34);
    update[0] = 0x72;
    update.writeBigUInt64BE(this.acknowledged, 1);
    update.writeBigUInt64BE(this.acknowledged, 9);
    update.writeBigUInt64BE(this.acknowledged, 17);
    update.writeBigInt64BE(BigInt(Date.now() - PG_EPOCH_MS) * 1000n, 25);
    update[33] = replyWanted ? 1 : 0;
    this.connection.sendCopyFromChunk(update);
  }

  private finish(error: Error | undefined): void {
    if (this.ended) return;
    this.ended = true;
    void this.client.end().catch(() => undefined);
    this.options.onEnd(error);
  }
}
