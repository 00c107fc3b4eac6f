/**
 * Entry of the detached platform API process: `node platform-server-main.js <settings file>`.
 * It loads the settings and sessions, listens (and says so to the command that launched it, which
 * then sends no probe: native/ready-signal.ts), and exits cleanly on SIGTERM / SIGINT. Output goes
 * to the log file its parent opened; a failed listen exits non-zero with the error code printed,
 * which platform-process.ts reads to explain the failure.
 */
import { readSettings } from './platform-settings.js';
import { createPlatformServer } from './platform-server.js';
import { SessionStore } from './session-store.js';
import { signalReady } from '../native/ready-signal.js';

const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);

async function main(settingsFile: string | undefined): Promise<void> {
  if (!settingsFile) throw new Error('usage: platform-server-main <settings file>');
  const settings = await readSettings(settingsFile);
  const sessions = await SessionStore.open(settings.sessionsFile);
  const server = createPlatformServer(settings, sessions, { log });
  server.on('error', (error: NodeJS.ErrnoException) => {
    log(`listen failed: ${error.code ?? ''} ${error.message}`);
    process.exit(3);
  });
  server.listen(settings.port, settings.host, () => {
    log(`listening on http://${settings.host}:${settings.port} for project ${settings.projectId}`);
    signalReady();
  });
  const shutdown = (signal: string) => {
    log(`stopping (${signal})`);
    server.close(() => process.exit(0));
    // Open keep-alive connections would hold close() forever.
    server.closeAllConnections();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main(process.argv[2]).catch((error: unknown) => {
  log(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
