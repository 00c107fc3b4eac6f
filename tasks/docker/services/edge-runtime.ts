/**
 * The edge runtime serving supabase/functions (facts §4.3 step 12 and §8.2). The entrypoint writes a
 * small main service that hands each request to the function its path names; import maps and
 * per-function JWT settings of `functions serve` are not applied by `start`.
 */
import path from 'node:path';
import { volumeNames } from '../docker-names.js';
import { usualName, type ServicePlugin } from './service-plugin.js';

/** Routes `/<slug>/...` to a user worker for supabase/functions/<slug>. */
const MAIN_SERVICE = `Deno.serve(async (req) => {
  const slug = new URL(req.url).pathname.split('/')[1];
  if (slug === '_internal') return new Response('ok');
  if (!slug) return new Response('missing function name', { status: 400 });
  const envVars = Object.entries(Deno.env.toObject());
  const worker = await EdgeRuntime.userWorkers.create({
    servicePath: '/home/deno/functions/' + slug, memoryLimitMb: 150, workerTimeoutMs: 400000,
    noModuleCache: false, envVars, forceCreate: false, netAccessDisabled: false,
  });
  return worker.fetch(req);
});
`;

export const edgeRuntime: ServicePlugin = {
  id: 'edge-runtime',
  containerName: usualName('edge_runtime'),
  aliases: ['edge_runtime'],
  image: () => 'supabase/edge-runtime:v1.36.1',
  enabled: () => true,
  container: ({ config, projectId, root, host, containerOf }) => ({
    env: {
      SUPABASE_URL: 'http://kong:8000',
      SUPABASE_ANON_KEY: config.auth.anon_key,
      SUPABASE_SERVICE_ROLE_KEY: config.auth.service_role_key,
      SUPABASE_DB_URL: `postgresql://postgres:${encodeURIComponent(config.db.password)}@${containerOf('db')}:5432/postgres`,
      SUPABASE_INTERNAL_JWT_SECRET: config.auth.jwt_secret,
      SUPABASE_INTERNAL_HOST_PORT: config.api.port,
      SUPABASE_INTERNAL_FUNCTIONS_PATH: '/home/deno/functions',
    },
    entrypoint: ['sh', '-c', `mkdir -p /home/deno/main && cat <<'EOF' > /home/deno/main/index.ts\n${MAIN_SERVICE}EOF\nedge-runtime start --main-service /home/deno/main -p 8081`],
    volumes: [{ volume: volumeNames(projectId).edgeRuntime, target: '/root/.cache/deno' }],
    binds: [`${path.join(root, 'supabase', 'functions')}:/home/deno/functions:rw`],
    restart: 'no',
    logsToVector: true,
    probe: { kind: 'http', url: `http://${host}:${config.api.port}/functions/v1/_internal/health`, headers: { apikey: config.auth.anon_key } },
  }),
};
