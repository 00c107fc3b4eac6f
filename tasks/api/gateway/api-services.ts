/**
 * The API services the gateway can serve in-process, by journal name, each behind a loader: a
 * dynamic import, so a service left out of a start (`-x postgrest`, `[api] enabled = false`) is
 * never even loaded, and the gateway's memory is that of what it serves.
 */
import type { ApiService } from './api-service.js';
import { readFileSync } from 'node:fs';
import { packageFileSync, runsFromSource } from '../../package-folder.js';

export type ApiServiceName = 'rest';

// Literal specifiers on purpose: esbuild follows them into the gateway's one-file bundle
// (dist/tasks/api/gateway/api-gateway-main.cjs), which a computed one would leave unresolved.
export const API_SERVICES: Readonly<Record<ApiServiceName, () => Promise<ApiService>>> = {
  rest: async () => (await import('../rest/http/rest-service.js')).restService,
};

/** Each service's module as the package holds it (sources, or what tsc wrote to dist/), and its export. */
const MODULE_FILES: Readonly<Record<ApiServiceName, { file: string; exported: string }>> = {
  rest: { file: 'tasks/api/rest/http/rest-service', exported: 'restService' },
};

/**
 * Whether a service's module is in this package and exports the service: the parts of the native
 * API land one by one, and one not complete yet is recorded unavailable rather than failing the
 * gateway's start. Read as text, not imported: the CLI must not load a service's dependencies.
 */
export function apiServiceBuilt(name: ApiServiceName): boolean {
  const { file, exported } = MODULE_FILES[name];
  try {
    const text = readFileSync(packageFileSync(runsFromSource ? `${file}.ts` : `dist/${file}.js`), 'utf8');
    return new RegExp(`\\bexport (const|let|var) ${exported}\\b`).test(text);
  } catch {
    return false;
  }
}

/** Whether a name is one of the services above (settings files are read from disk). */
export function isApiServiceName(name: string): name is ApiServiceName {
  return Object.prototype.hasOwnProperty.call(API_SERVICES, name);
}
