/**
 * Entry of the detached API gateway: `node api-gateway-main.js <settings file>`. It loads the
 * services its settings name (api-services.ts), lets each register its routes, waits for the
 * CLI's go-ahead, lets each prepare (REST loads its schema cache), and only then listens, so that
 * answering on the port means ready; listening, it says so to the CLI that launched it
 * (native/ready-signal.ts), which probes it then. SIGTERM / SIGINT close the
 * services' pools and exit; a failure to load or listen exits non-zero with the reason in the log,
 * which the supervisor shows. An error inside a request never reaches this far.
 */
import type { ApiService } from './api-service.js';
import { API_SERVICES, isApiServiceName } from './api-services.js';
import { createGateway } from './gateway-server.js';
import { readGatewaySettings } from './gateway-settings.js';
import { waitForRelease } from './gateway-release.js';
import { signalReady } from '../../native/ready-signal.js';

const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);

async function main(file: string | undefined): Promise<void> {
  if (!file) throw new Error('usage: api-gateway-main <settings file>');
  const settings = await readGatewaySettings(file);
  const unknown = settings.services.filter((name) => !isApiServiceName(name));
  if (unknown.length > 0) throw new Error(`unknown API services in ${file}: ${unknown.join(', ')}`);
  const services: ApiService[] = await Promise.all(settings.services.map((name) => API_SERVICES[name]()));
  // Launched beside a database still starting: loaded, with its routes built, it waits for the
  // CLI's go-ahead to connect. A stop meanwhile takes the default action (the process ends,
  // nothing was served).
  const { release } = settings;
  const app = await createGateway(settings, services, log, release ? () => waitForRelease(release) : undefined);
  const shutdown = (signal: string) => {
    log(`stopping (${signal})`);
    // Closing the gateway closes the services' pools (gateway-server.ts).
    void app.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ host: settings.host, port: settings.port });
  log(`API gateway on http://${settings.host}:${settings.port} for project ${settings.projectId}, serving ${settings.services.join(', ') || 'no API service'}`);
  signalReady();
}

// A request's failure is answered by the server; anything reaching here is the process's own.
process.on('unhandledRejection', (reason) => log(`unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`));
process.on('uncaughtException', (error) => log(`uncaught exception: ${error.stack ?? error.message}`));

main(process.argv[2]).catch((error: unknown) => {
  log(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
