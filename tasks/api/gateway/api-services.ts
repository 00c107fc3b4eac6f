/**
 * The API services the gateway can serve in-process, by journal name, each behind a loader: a
 * dynamic import, so a service left out of a start (`-x postgrest`, `[api] enabled = false`) is
 * never even loaded, and the gateway's memory is that of what it serves.
 */
import type { ApiService } from './api-service.js';
import { packageFileSync, runsFromSource } from '../../package-folder.js';

export type ApiServiceName = 'rest';

// Literal specifiers on purpose: esbuild follows them into the gateway's one-file bundle
// (dist/tasks/api/gateway/api-gateway-main.cjs), which a computed one would leave unresolved.
export const API_SERVICES: Readonly<Record<ApiServiceName, () => Promise<ApiService>>> = {
  rest: async () => (await import('../rest/http/rest-service.js')).restService,
};

/** Each service's module as the package holds it (sources, or what tsc wrote to dist/). */
const MODULE_FILES: Readonly<Record<ApiServiceName, string>> = {
  rest: 'tasks/api/rest/http/rest-service',
};

/**
 * Whether a service's module is in this package: the parts of the native API land one by one, and
 * one not there yet is recorded unavailable rather than failing the gateway's start.
 */
export function apiServiceBuilt(name: ApiServiceName): boolean {
  try {
    packageFileSync(runsFromSource ? `${MODULE_FILES[name]}.ts` : `dist/${MODULE_FILES[name]}.js`);
    return true;
  } catch {
    return false;
  }
}

/** Whether a name is one of the services above (settings files are read from disk). */
export function isApiServiceName(name: string): name is ApiServiceName {
  return Object.prototype.hasOwnProperty.call(API_SERVICES, name);
}
