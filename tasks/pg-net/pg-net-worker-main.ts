/**
 * Entry of the detached pg_net worker: `node pg-net-worker-main.js <settings JSON>` (started by
 * pg-net-process.ts). It serves until SIGTERM / SIGINT or until its PostgreSQL server is gone,
 * logging one line per event to the log file its parent opened.
 */
import { NOT_OURS, PgNetWorker } from './pg-net-worker.js';
import { NO_PG_NET_EXIT_CODE, type WorkerSettings } from './pg-net-settings.js';
import { signalReady } from '../native/ready-signal.js';

const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);

async function main(settingsJson: string | undefined): Promise<void> {
  if (!settingsJson) throw new Error('usage: pg-net-worker-main <settings JSON>');
  const settings = JSON.parse(settingsJson) as WorkerSettings;
  // Its session is in the server now: what the launching command waits for, told rather than polled.
  const worker = new PgNetWorker(settings, log, () => signalReady());
  const shutdown = (signal: string) => {
    log(`stopping (${signal})`);
    worker.stop();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  log(`started for the server on port ${settings.port} (postmaster pid ${settings.postmasterPid})`);
  const ended = await worker.run();
  log(`ended: ${ended}`);
  process.exit(ended === NOT_OURS ? NO_PG_NET_EXIT_CODE : 0);
}

main(process.argv[2]).catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
