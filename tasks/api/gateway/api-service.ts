/**
 * What the gateway process (gateway/) needs of each API service it serves in-process: REST now,
 * Auth, Storage and Realtime later. The gateway owns the port, the key checks and CORS, as the
 * original's Kong does; a service registers its routes under its prefix and closes its pools on
 * stop. A service left out (`-x`, or disabled in config.toml) is never registered, and its prefix
 * answers 503 naming it.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { StackService } from '../../../machines/service.machine.js';
import type { AuthApiSettings } from '../auth/auth-settings.js';
import type { NotPrepared } from './not-prepared.js';

/**
 * The services the gateway can serve in-process, by journal name (api-services.ts loads them).
 * Named here, with the contract, so that the settings a gateway is launched with can list them
 * without importing the loaders, which reach every service and back to the gateway.
 */
export type ApiServiceName = 'rest' | 'auth' | 'storage' | 'realtime';

/** What every API service is told about the project (from config.toml, resolved by the CLI). */
export interface ApiSettings {
  /** The project's database: host 127.0.0.1, `[db] port`. Services log in as their own roles (PostgREST as authenticator). */
  dbPort: number;
  dbPassword: string;
  jwtSecret: string;
  /** `[auth] jwt_expiry`, seconds. */
  jwtExpiry: number;
  anonKey: string;
  serviceRoleKey: string;
  /** `http://<hostname>:<[api] port>`: what the outside calls this gateway. */
  apiUrl: string;
  /** `[api] schemas`, `[api] extra_search_path`, `[api] max_rows`. */
  schemas: string[];
  extraSearchPath: string[];
  maxRows: number;
  /** `[auth]`, as the original CLI hands it to GoTrue (auth/auth-settings.ts). */
  auth: AuthApiSettings;
  /** Storage's `[storage]` settings and folder; absent in settings written before Storage was served. */
  storage?: StorageSettings;
  /** `[realtime] max_header_length`: a longer header value is refused by Realtime (unset: no limit). */
  realtimeMaxHeaderLength?: number;
}

/** What the Storage service needs besides the keys: where its files live and the global size limit. */
export interface StorageSettings {
  /** `[storage] file_size_limit`, bytes. */
  fileSizeLimit: number;
  /** The folder of the object files (`<native home>/<project_id>/storage`). */
  root: string;
  /** `[storage.image_transformation] enabled`; absent in settings written before it was read. */
  imageTransformation?: boolean;
}

export interface ApiContext {
  settings: ApiSettings;
  /** A line to the process's log (never a secret: no keys, no JWTs, no passwords). */
  log(line: string): void;
}

export interface ApiService {
  /** The journal's name for it (`rest`, `auth`, `storage`, `realtime`). */
  service: StackService;
  /** The path it serves under, as the original's Kong routes it (`/rest/v1`). */
  prefix: string;
  /**
   * Loads from the database what it needs before it can answer (the REST schema cache, say).
   * Every service's prepare runs at once, after every register, and the gateway listens without
   * waiting for them: a request waits for its service's (service-readiness.ts). One that fails
   * is called again at the next request, so it must leave nothing open behind it.
   */
  prepare?(context: ApiContext): Promise<void>;
  /** What it answers while its prepare fails (PostgREST's PGRST002 for REST); a plain 503 otherwise. */
  unprepared?(): NotPrepared;
  /**
   * Registers its routes on a fastify instance scoped to its prefix (fastify's `register` with
   * `{ prefix }`). It runs before prepare, while the database may still be starting, so it must
   * not need the database, and its handlers read what prepare made when a request comes: the
   * gateway hands a service no request before its prepare has returned.
   */
  register(app: FastifyInstance, context: ApiContext): Promise<void>;
  /**
   * Takes a WebSocket upgrade under its prefix (Realtime's `/websocket`), once the gateway has
   * checked its key; `path` is what follows the prefix. A service without it refuses upgrades.
   */
  upgrade?(request: IncomingMessage, socket: Duplex, head: Buffer, path: string): void;
  /** Closes its pools and listeners (the gateway's stop). */
  close(): Promise<void>;
}
