/**
 * The API services the gateway can serve in-process, by journal name, each behind a loader: a
 * dynamic import, so a service left out of a start (`-x postgrest`, `[api] enabled = false`) is
 * never even loaded, and the gateway's memory is that of what it serves.
 */
import type { ApiService, ApiServiceName } from './api-service.js';

export type { ApiServiceName } from './api-service.js';

export const API_SERVICES: Readonly<Record<ApiServiceName, () => Promise<ApiService>>> = {
  rest: async () => (await import('../rest/http/rest-service.js')).restService,
  auth: async () => (await import('../auth/auth-service.js')).authService,
  storage: async () => (await import('../storage/storage-service.js')).storageService,
  realtime: async () => (await import('../realtime/realtime-service.js')).realtimeService,
};

/** Whether a name is one of the services above (settings files are read from disk). */
export function isApiServiceName(name: string): name is ApiServiceName {
  return Object.prototype.hasOwnProperty.call(API_SERVICES, name);
}
