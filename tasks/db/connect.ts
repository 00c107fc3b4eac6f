/**
 * Opening pg connections to a database the tool manages. pg itself is loaded on the first
 * connection, so the commands that only import this module (status, say) do not pay for it.
 */
import type pg from 'pg';
import { onInterrupt } from '../orchestration/interrupts.js';
import { sessionName } from './session-name.js';

async function pgModule(): Promise<typeof pg> {
  return (await import('./pg-driver.js')).default;
}

/**
 * Starts loading pg now without waiting for it: for a caller about to sit idle (a server that is
 * starting), so the 10-20 ms of loading are spent then rather than after, on the way to the first
 * connection. A failure to load is reported by that connection.
 */
export function loadDriverSoon(): void {
  pgModule().catch(() => undefined);
}

export interface ConnectOptions {
  host?: string;
  port: number;
  user?: string;
  password?: string;
  database?: string;
  /** Milliseconds before a connection attempt is given up; the original uses 2 s locally. */
  connectTimeoutMs?: number;
}

/** Opens one connection; the caller ends it. */
export async function connect(options: ConnectOptions): Promise<pg.Client> {
  const { Client } = await pgModule();
  const client = new Client({
    host: options.host ?? '127.0.0.1',
    port: options.port,
    user: options.user ?? 'postgres',
    password: options.password ?? 'postgres',
    database: options.database ?? 'postgres',
    connectionTimeoutMillis: options.connectTimeoutMs ?? 2_000,
    application_name: sessionName(),
  });
  return open(client);
}

/** Connects a client, closing it again if the connection fails. */
async function open(client: pg.Client): Promise<pg.Client> {
  // A server shutting down under an idle client must not crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  cancelOnInterrupt(client);
  return client;
}

/**
 * On Ctrl-C the statement this client runs is ended by the server (pg_terminate_backend from a
 * second connection), so its transaction rolls back now instead of whenever the server notices
 * the lost client. Nothing happens unless the command is interrupted.
 */
function cancelOnInterrupt(client: pg.Client): void {
  const backend = (client as pg.Client & { processID?: number }).processID;
  const params = (client as unknown as { connectionParameters?: pg.ClientConfig }).connectionParameters;
  if (!backend || !params) return;
  // The password is not enumerable on pg's parameters object: copy the fields by name.
  const { host, port, user, password, database, ssl } = params;
  const forget = onInterrupt(async () => {
    const { Client } = await pgModule();
    const admin = new Client({ host, port, user, password, database, ssl, connectionTimeoutMillis: 2_000, application_name: sessionName('cancel') });
    admin.on('error', () => undefined);
    try {
      await admin.connect();
      const { terminateBackends } = await import('./end-backends.js');
      await terminateBackends(admin, [backend]);
    } finally {
      await admin.end().catch(() => undefined);
    }
  });
  client.once('end', forget);
}

/** Runs `work` on a fresh connection and always closes it. */
export async function withConnection<T>(options: ConnectOptions, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connect(options);
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Opens one connection to a (percent-encoded) connection string; the caller ends it. */
export async function connectUrl(url: string, connectTimeoutMs = 10_000): Promise<pg.Client> {
  const { Client } = await pgModule();
  return open(new Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, application_name: sessionName() }));
}

/** Runs `work` on a fresh connection to `url` and always closes it. */
export async function withUrl<T>(url: string, work: (client: pg.Client) => Promise<T>, connectTimeoutMs?: number): Promise<T> {
  const client = await connectUrl(url, connectTimeoutMs);
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The same connection string pointed at another database of the same server. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** Runs `work` between BEGIN and COMMIT, rolling back when it throws. */
export async function inTransaction<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
