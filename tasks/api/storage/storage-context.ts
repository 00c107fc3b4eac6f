/**
 * What every Storage handler works with: the pool (logged in as `authenticator`, which may become
 * anon, authenticated and service_role, as storage-api's own login becomes the request's role),
 * the file backend, the JWT secret, the service role (storage-api's "super user"), and the
 * settings from config.toml. Built once at register.
 */
import type pg from 'pg';
import type { StorageSettings } from '../gateway/api-service.js';
import type { FileBackend } from './file-backend.js';
import type { StorageUser } from './storage-jwt.js';

export interface StorageContext {
  pool: pg.Pool;
  files: FileBackend;
  secret: Uint8Array;
  /** The service role, for what storage-api does "as super user". */
  superUser: StorageUser;
  settings: StorageSettings;
  log(line: string): void;
}
