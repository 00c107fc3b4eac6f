/**
 * The two names each service goes by: the short image name that `start -x` takes (as the original
 * names containers' images), and the service name the journal and `status` use.
 */
import type { StackService } from '../../machines/service.machine.js';
import type { ProjectConfig } from '../project/config.types.js';

/** `-x` value -> journal service. Tools (migra, pg_prove, pgadmin-schema-diff) run no service. */
export const SERVICE_BY_IMAGE: Readonly<Record<string, StackService>> = {
  gotrue: 'auth',
  postgrest: 'rest',
  realtime: 'realtime',
  'storage-api': 'storage',
  imgproxy: 'imgproxy',
  kong: 'kong',
  inbucket: 'inbucket',
  studio: 'studio',
  'postgres-meta': 'pg-meta',
  'edge-runtime': 'edge-runtime',
  logflare: 'analytics',
  vector: 'vector',
  pgbouncer: 'pooler',
};

/** Services left out of a start: named with -x, or switched off in config.toml. */
export function excludedServices(config: ProjectConfig, exclude: readonly string[]): Set<StackService> {
  const excluded = new Set<StackService>(exclude.map((name) => SERVICE_BY_IMAGE[name]).filter(Boolean));
  const disabled: Array<[StackService, boolean]> = [
    ['rest', config.api.enabled],
    ['kong', config.api.enabled],
    ['realtime', config.realtime.enabled],
    ['studio', config.studio.enabled],
    ['pg-meta', config.studio.enabled],
    ['inbucket', config.inbucket.enabled],
    ['storage', config.storage.enabled],
    ['imgproxy', config.storage.enabled],
    ['auth', config.auth.enabled],
    ['analytics', config.analytics.enabled],
    ['vector', config.analytics.enabled],
    ['pooler', config.db.pooler.enabled],
  ];
  for (const [service, enabled] of disabled) if (!enabled) excluded.add(service);
  return excluded;
}
