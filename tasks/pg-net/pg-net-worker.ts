/**
 * The pg_net worker of a native cluster. Every second it lists the cluster's databases (from a
 * connection to `postgres`) and serves each one where the extension is created: the main
 * database, but also a shadow or test database whose migrations create it. It ends when its
 * PostgreSQL server does (the postmaster's pid is gone, or postmaster.pid no longer names it),
 * so a stack killed without `stop` does not leave it behind.
 *
 * `start` launches it as soon as the server process exists, so that loading Node and pg overlaps
 * the server's own start-up: until its first scan succeeds it tries again every 20 ms, and before
 * serving anything it checks that the server offers our pg_net (a real build would have its own
 * background worker), ending at once when it does not.
 */
import type { Client } from 'pg';
import pg from '../db/pg-driver.js';
import { isProcessAlive, readPidFile } from '../native/pg-process.js';
import { TEMPLATE_DATABASE } from '../db/template-database.js';
import { DatabaseQueue, hasPgNet } from './pg-net-database.js';
import { WORKER_APPLICATION_NAME, offersOurPgNet, type WorkerSettings } from './pg-net-settings.js';

/** How soon a scan is tried again while none has succeeded yet (the server is starting). */
const STARTING_RETRY_MS = 20;

/** Databases never served: templates, and the cluster's template database while it is built. */
const SERVABLE = `select datname from pg_database
  where datallowconn and not datistemplate and datname not like $1 order by datname`;

/** Why run() ended when the server offers no pg_net of ours. */
export const NOT_OURS = 'the server offers no pg_net of the native runtime';

export class PgNetWorker {
  private readonly served = new Map<string, DatabaseQueue>();
  private admin?: Client;
  private stopped = false;
  private wake?: () => void;
  private lastScanError?: string;
  /** Set by the first scan that reached the server: whether it offers our pg_net. */
  private ours?: boolean;

  constructor(
    private readonly settings: WorkerSettings,
    private readonly log: (line: string) => void,
    /** Called once, when it has connected and found the server offering our pg_net. */
    private readonly onConnected: () => void = () => undefined,
  ) {}

  /** Runs until stop() or until the server goes away; returns why it ended (NOT_OURS when it never served). */
  async run(): Promise<string> {
    while (!this.stopped) {
      if (!(await this.serverAlive())) {
        this.shutdown();
        return 'the PostgreSQL server is gone';
      }
      await this.scan().then(
        () => (this.lastScanError = undefined),
        (error: Error) => {
          // While `postgres` is being recreated (db reset) every scan fails the same way: say it once.
          if (error.message !== this.lastScanError) this.log(`scan failed: ${error.message}`);
          this.lastScanError = error.message;
        },
      );
      if (this.ours === false) {
        this.shutdown();
        return NOT_OURS;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, this.ours === undefined ? STARTING_RETRY_MS : (this.settings.scanIntervalMs ?? 1000));
      });
    }
    return 'stopped';
  }

  /** Ends serving and the run loop. */
  stop(): void {
    this.shutdown();
    this.wake?.();
  }

  private shutdown(): void {
    this.stopped = true;
    for (const queue of this.served.values()) queue.close('worker stopping');
    void this.admin?.end().catch(() => undefined);
    this.admin = undefined;
  }

  private async serverAlive(): Promise<boolean> {
    const { postmasterPid, dataDir } = this.settings;
    if (!(await isProcessAlive(postmasterPid))) return false;
    // No file yet: the server was launched a moment ago (the worker starts beside it) and has not written it.
    const pidFile = await readPidFile(dataDir);
    return pidFile === undefined || pidFile.pid === postmasterPid;
  }

  private async connect(database: string): Promise<Client> {
    // The password comes from PGPASSWORD, so that it never shows in the process's command line.
    const { host, port, user } = this.settings;
    const client = new pg.Client({ host, port, user, database, application_name: WORKER_APPLICATION_NAME, connectionTimeoutMillis: 5000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  /** The databases now in the cluster, through a kept connection to `postgres` (reopened when lost). */
  private async databases(): Promise<string[]> {
    if (!this.admin) {
      const admin = await this.connect('postgres');
      admin.on('end', () => {
        if (this.admin === admin) this.admin = undefined;
      });
      this.admin = admin;
    }
    try {
      return (await this.admin.query<{ datname: string }>(SERVABLE, [`${TEMPLATE_DATABASE}%`])).rows.map((row) => row.datname);
    } catch (error) {
      void this.admin.end().catch(() => undefined);
      this.admin = undefined;
      throw error;
    }
  }

  private async scan(): Promise<void> {
    const present = await this.databases();
    if (this.ours === undefined && this.admin) {
      this.ours = await offersOurPgNet(this.admin);
      if (this.ours) this.onConnected();
    }
    if (!this.ours) return;
    for (const [name, queue] of this.served) {
      if (!present.includes(name)) queue.close('database dropped');
    }
    for (const name of present) {
      if (this.stopped || this.served.has(name)) continue;
      await this.serveIfInstalled(name).catch((error: Error) => this.log(`database "${name}": ${error.message}`));
    }
  }

  /**
   * Serves a database when pg_net is created there. `postgres` is asked through the kept
   * connection and served on it too: each connection is a server process of its own (some 16 MiB
   * resident), and the scan's one query a second fits beside the queue's. The two then end
   * together (a lost connection closes the queue, a closed queue ends the connection) and the next
   * scan opens and serves it again. Any other database is asked through a short connection, kept
   * as its queue's when the extension is there, else closed (and asked again at the next scan).
   */
  private async serveIfInstalled(name: string): Promise<void> {
    const shared = name === 'postgres' ? this.admin : undefined;
    if (shared && !(await hasPgNet(shared))) return;
    const client = shared ?? (await this.connect(name));
    if (this.stopped || (!shared && !(await hasPgNet(client)))) {
      if (!shared) await client.end().catch(() => undefined);
      return;
    }
    const queue = new DatabaseQueue(name, client, this.log);
    this.served.set(name, queue);
    void queue.closed.then(() => {
      if (this.served.get(name) === queue) this.served.delete(name);
    });
    await queue.start();
    this.log(`database "${name}": serving pg_net requests`);
  }
}
