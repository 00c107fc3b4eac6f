/**
 * The edge runtime serving supabase/functions (no restart policy, unlike the others): `start` runs it as
 * `functions serve` would with no flags (supabase/functions/.env, per-function config, the fallback
 * import map), reaching the database by its container name.
 */
import { loadFunctionsEnv } from '../../functions/functions-env.js';
import { edgeRuntimeContainer } from '../../functions/docker/edge-runtime-container.js';
import { fallbackImportMap } from '../../functions/import-map-file.js';
import { usualName, type ServicePlugin } from './service-plugin.js';

export const edgeRuntime: ServicePlugin = {
  id: 'edge-runtime',
  containerName: usualName('edge_runtime'),
  aliases: ['edge_runtime'],
  image: () => 'supabase/edge-runtime:v1.36.1',
  enabled: () => true,
  container: (ctx) => ({
    ...edgeRuntimeContainer({
      ctx,
      dbUrl: `postgresql://postgres:${encodeURIComponent(ctx.config.db.password)}@${ctx.containerOf('db')}:5432/postgres`,
      userEnv: loadFunctionsEnv(ctx.root, undefined).vars,
      serve: { fallbackImportMap: fallbackImportMap(ctx.root) },
      debug: false,
    }),
    probe: { kind: 'http', url: `http://${ctx.host}:${ctx.config.api.port}/functions/v1/_internal/health`, headers: { apikey: ctx.config.auth.anon_key } },
  }),
};
