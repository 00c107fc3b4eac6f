/**
 * What a stack service contributes to the docker runtime: its container name, image, whether it is
 * enabled, its container settings and how to tell that it is ready. One module per service under
 * services/; the common parts (labels, network, published ports, restart policy, logging) are
 * added by container-spec.ts, so a service module only says what is special about it.
 */
import type { ProjectConfig } from '../../project/config.types.js';

/** Services in the order the original starts them: vector, db and logflare, which
 * are waited on one by one, then the others. */
export type ServiceId =
  | 'vector' | 'db' | 'analytics' | 'kong' | 'auth' | 'inbucket' | 'realtime' | 'rest'
  | 'storage' | 'imgproxy' | 'edge-runtime' | 'pg-meta' | 'studio' | 'pooler';

/** What a service module can read while describing its container. */
export interface ServiceContext {
  config: ProjectConfig;
  projectId: string;
  /** Project root, for bind mounts of files under supabase/. */
  root: string;
  /** Host in URLs that reach the engine's published ports: 127.0.0.1 or the tcp:// DOCKER_HOST host. */
  host: string;
  /** Container name of another service of the same project. */
  containerOf: (service: ServiceId) => string;
}

/** A container port published on the engine's host, with the config key that set it. */
export interface PublishedPort {
  container: number;
  host: number;
  /** e.g. `[db] port`, named in the error when the port is taken. */
  configKey: string;
}

/** How readiness is probed, every 100-250 ms, instead of waiting for Docker's 10 s health interval. */
export type Probe =
  | { kind: 'sql'; port: number }
  | { kind: 'tcp'; port: number }
  | { kind: 'http'; url: string; headers?: Record<string, string> }
  /** Runs the container's own health check inside it (services without a published port). */
  | { kind: 'exec' }
  /** Running counts as ready (the original has no health check for these). */
  | { kind: 'running' };

/** The parts of a container a service decides; everything else is common. */
export interface ServiceContainer {
  env?: Record<string, string | number | boolean>;
  /** The container's host name, when the image needs one of its own (logflare's node name). */
  hostname?: string;
  entrypoint?: string[];
  cmd?: string[];
  ports?: PublishedPort[];
  /** Container ports other containers use, exposed but not published on the host. */
  exposed?: number[];
  /** Named volumes (created with the project labels first) as `volume -> target`. */
  volumes?: Array<{ volume: string; target: string }>;
  /** Host paths, `host:container[:ro]`. */
  binds?: string[];
  /** The Docker health check command (CMD form), also what an `exec` probe runs. */
  healthcheck?: string[];
  healthStartPeriodMs?: number;
  /** Defaults to `always`, as every long-running service of the original but edge runtime. */
  restart?: 'always' | 'no';
  /** Send logs to vector (syslog) when analytics is enabled. */
  logsToVector?: boolean;
  extraHosts?: string[];
  volumesFrom?: string[];
  probe: Probe;
}

/** A stack service as a plugin. */
export interface ServicePlugin {
  id: ServiceId;
  /** Container name for a project id (most are `supabase_<name>_<id>`; two are special). */
  containerName: (projectId: string) => string;
  /** Network aliases on the project network. */
  aliases: string[];
  /** The image as the original names it (before the registry is applied). */
  image: (config: ProjectConfig) => string;
  /** Whether config.toml enables it; `-x` is applied on top by the runtime. The db always runs. */
  enabled: (config: ProjectConfig) => boolean;
  container: (ctx: ServiceContext) => ServiceContainer;
}

/** `supabase_<name>_<id>`, for the plugins that follow the usual naming. */
export function usualName(name: string): (projectId: string) => string {
  return (projectId) => `supabase_${name}_${projectId}`;
}

/** The original's wget-based HTTP health check. */
export function wgetCheck(url: string): string[] {
  return ['CMD', 'wget', '--no-verbose', '--tries=1', '--spider', url];
}
