/** Every stack service, in the order the original starts them (vector and db first, then
 * logflare, then the rest, with pgbouncer last). */
import type { ServiceId, ServicePlugin } from './service-plugin.js';
import { vector } from './vector.js';
import { db } from './db.js';
import { analytics } from './analytics.js';
import { kong } from './kong.js';
import { auth } from './auth.js';
import { inbucket } from './inbucket.js';
import { realtime } from './realtime.js';
import { rest } from './rest.js';
import { storage } from './storage.js';
import { imgproxy } from './imgproxy.js';
import { edgeRuntime } from './edge-runtime.js';
import { pgMeta } from './pg-meta.js';
import { studio } from './studio.js';
import { pooler } from './pooler.js';

/** The plugins in start order. */
export const SERVICES: readonly ServicePlugin[] = [vector, db, analytics, kong, auth, inbucket, realtime, rest, storage, imgproxy, edgeRuntime, pgMeta, studio, pooler];

/** Started and waited on one by one before the rest (the db is set up before anyone uses it). */
export const EARLY_SERVICES: readonly ServiceId[] = ['vector', 'db', 'analytics'];

/** The plugin of a service. */
export function servicePlugin(id: ServiceId): ServicePlugin {
  const plugin = SERVICES.find((candidate) => candidate.id === id);
  if (!plugin) throw new Error(`unknown service ${id}`);
  return plugin;
}

export type { ServiceId, ServicePlugin } from './service-plugin.js';
