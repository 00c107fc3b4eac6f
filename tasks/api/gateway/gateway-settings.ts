/**
 * What the CLI tells the gateway process when it launches it: the API settings every service
 * gets, which services to serve in-process, why the others are absent, and where to find the
 * processes it proxies to. Written as a file of mode 0600 in the project's native folder and read
 * by the process at start: it holds the JWT secret, the keys and the database password, which must
 * never be on a command line (visible to every user in /proc) nor in a log.
 */
import { chmod, readFile, writeFile } from 'node:fs/promises';
import type { ApiServiceName, ApiSettings } from './api-service.js';

/** Why a service behind the gateway is not served: left out by the user, or not built for this runtime. */
export type AbsentReason = 'excluded' | 'unavailable';

export interface GatewaySettings {
  projectId: string;
  /** Where it listens: 127.0.0.1 and `[api] port`, as `functions serve` did before it. */
  host: string;
  port: number;
  api: ApiSettings;
  /** The in-process services to load and register, in this order. */
  services: ApiServiceName[];
  /** Services with a route but no server here, and why (each route answers 503 naming it). */
  absent: Partial<Record<string, AbsentReason>>;
  /** postgres-meta's pid record (`{pid, url}`), read per request: it may start after the gateway. */
  pgMetaRecord: string;
  /** Where a running `functions serve` records its port (functions-upstream.ts). */
  functionsRecord: string;
  /**
   * Set when the CLI launches the gateway beside a database that is still starting: the gateway
   * loads its modules, then waits for `file` to exist before its services connect; it gives up when
   * the launching CLI (`parentPid`) is gone without writing it (killed mid-start).
   */
  release?: { file: string; parentPid: number };
}

/** Writes the settings file, readable by its owner only (an older copy may have been widened). */
export async function writeGatewaySettings(file: string, settings: GatewaySettings): Promise<void> {
  await writeFile(file, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
}

/** Reads and checks a settings file; a broken one stops the process before it listens. */
export async function readGatewaySettings(file: string): Promise<GatewaySettings> {
  const value = JSON.parse(await readFile(file, 'utf8')) as Partial<GatewaySettings>;
  const missing = (['projectId', 'host', 'port', 'api', 'services', 'absent', 'pgMetaRecord', 'functionsRecord'] as const).filter((key) => value[key] === undefined);
  if (missing.length > 0) throw new Error(`settings file ${file} lacks ${missing.join(', ')}`);
  return value as GatewaySettings;
}

/** Only the names of what the gateway serves, for its status: no secret is read into the CLI for that. */
export async function servedByGateway(file: string): Promise<ApiServiceName[]> {
  try {
    const { services } = JSON.parse(await readFile(file, 'utf8')) as Partial<GatewaySettings>;
    return Array.isArray(services) ? services : [];
  } catch {
    return [];
  }
}
