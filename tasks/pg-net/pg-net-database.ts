/**
 * The pg_net worker's service to one database that has the extension: a connection that listens
 * for the queue trigger's notification (and polls every second besides, as the platform's worker
 * wakes every second), takes a batch of requests off `net.http_request_queue` in one statement,
 * sends them all at once and writes each outcome to `net._http_response`. Responses older than
 * pg_net's default ttl (6 hours) are removed as on the platform.
 */
import type pg from 'pg';
import { sendRequest, type QueuedRequest, type RequestOutcome } from './pg-net-request.js';

/** The notification channel of the queue trigger (native-extensions/pg_net). */
export const QUEUE_CHANNEL = 'pg_net_request_queued';

/** At most this many requests are in flight per database, as pg_net's batch_size. */
const BATCH_SIZE = 200;
const POLL_MS = 1000;
const TTL_SWEEP_MS = 60_000;

const TAKE_BATCH = `
  delete from net.http_request_queue q
  using (select id from net.http_request_queue order by id limit $1 for update skip locked) picked
  where q.id = picked.id
  returning q.id, q.method, q.url, q.headers, q.body, q.timeout_milliseconds`;

/** Whether the connected database has pg_net created. */
export async function hasPgNet(client: pg.Client): Promise<boolean> {
  return ((await client.query("select 1 from pg_extension where extname = 'pg_net'")).rowCount ?? 0) > 0;
}

/** Serves one database until its connection ends or close() is called. */
export class DatabaseQueue {
  /** Resolves when this queue stopped serving (connection lost, extension dropped, or closed). */
  readonly closed: Promise<void>;
  private markClosed!: () => void;
  private draining = false;
  private drainAgain = false;
  private isClosed = false;
  private poll?: NodeJS.Timeout;
  private lastSweep = 0;

  constructor(
    readonly database: string,
    private readonly client: pg.Client,
    private readonly log: (line: string) => void,
  ) {
    this.closed = new Promise((resolve) => (this.markClosed = resolve));
  }

  /** Listens, then serves whatever is already queued. */
  async start(): Promise<void> {
    this.client.on('notification', (message) => {
      if (message.channel === QUEUE_CHANNEL) void this.drain();
    });
    this.client.on('error', (error) => this.close(`connection lost: ${error.message}`));
    this.client.on('end', () => this.close('connection ended'));
    await this.client.query(`listen ${QUEUE_CHANNEL}`);
    this.poll = setInterval(() => void this.drain(), POLL_MS);
    void this.drain();
  }

  /** Stops serving and closes the connection; requests in flight still get their response rows if the connection allows. */
  close(reason: string): void {
    if (this.isClosed) return;
    this.isClosed = true;
    clearInterval(this.poll);
    this.log(`database "${this.database}": no longer served (${reason})`);
    void this.client.end().catch(() => undefined);
    this.markClosed();
  }

  /** Takes and sends batches until the queue is empty; a wake-up during a drain runs one more round. */
  private async drain(): Promise<void> {
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = true;
    try {
      do {
        this.drainAgain = false;
        await this.sweep();
        let batch: QueuedRequest[];
        do {
          batch = (await this.client.query<QueuedRequest>(TAKE_BATCH, [BATCH_SIZE])).rows;
          // Sent together; each outcome is written as soon as it is known.
          await Promise.all(batch.map(async (request) => this.record(request, await sendRequest(request))));
        } while (batch.length === BATCH_SIZE && !this.isClosed);
      } while (this.drainAgain && !this.isClosed);
    } catch (error) {
      // The extension was dropped, the database is going away, or the server is: stop here; the
      // worker comes back to this database at its next scan if it is still there.
      this.close((error as Error).message);
    } finally {
      this.draining = false;
    }
  }

  private async record(request: QueuedRequest, outcome: RequestOutcome): Promise<void> {
    if (outcome.kind === 'response') {
      await this.client.query(
        'insert into net._http_response (id, status_code, content_type, headers, content, timed_out) values ($1, $2, $3, $4, $5, false)',
        [request.id, outcome.statusCode, outcome.contentType, JSON.stringify(outcome.headers), outcome.content],
      );
    } else {
      // On the platform (0.7.1) a failed request leaves timed_out empty; a timeout is said plainly here.
      await this.client.query('insert into net._http_response (id, timed_out, error_msg) values ($1, $2, $3)', [
        request.id,
        outcome.timedOut ? true : null,
        outcome.message,
      ]);
    }
  }

  private async sweep(): Promise<void> {
    if (Date.now() - this.lastSweep < TTL_SWEEP_MS) return;
    this.lastSweep = Date.now();
    await this.client.query("delete from net._http_response where created < now() - interval '6 hours'");
  }
}
