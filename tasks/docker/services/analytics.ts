/** Logflare, the analytics backend (facts §4.3 step 3), storing logs in the `_analytics` schema. */
import { usualName, type ServicePlugin } from './service-plugin.js';

export const analytics: ServicePlugin = {
  id: 'analytics',
  containerName: usualName('analytics'),
  aliases: ['analytics'],
  image: () => 'supabase/logflare:1.4.0',
  enabled: (config) => config.analytics.enabled,
  container: ({ config, containerOf }) => {
    const bigquery = config.analytics.backend === 'bigquery';
    return {
      env: {
        DB_DATABASE: 'postgres',
        DB_HOSTNAME: containerOf('db'),
        DB_PORT: 5432,
        DB_SCHEMA: '_analytics',
        DB_USERNAME: 'supabase_admin',
        DB_PASSWORD: config.db.password,
        LOGFLARE_MIN_CLUSTER_SIZE: 1,
        LOGFLARE_SINGLE_TENANT: true,
        LOGFLARE_SUPABASE_MODE: true,
        LOGFLARE_API_KEY: config.analytics.api_key,
        LOGFLARE_LOG_LEVEL: 'warn',
        LOGFLARE_NODE_HOST: '127.0.0.1',
        LOGFLARE_FEATURE_FLAG_OVERRIDE: 'multibackend=true',
        RELEASE_COOKIE: 'cookie',
        ...(bigquery
          ? { GOOGLE_PROJECT_ID: config.analytics.gcp_project_id, GOOGLE_PROJECT_NUMBER: config.analytics.gcp_project_number }
          : { POSTGRES_BACKEND_URL: `postgresql://supabase_admin:${encodeURIComponent(config.db.password)}@${containerOf('db')}:5432/postgres`, POSTGRES_BACKEND_SCHEMA: '_analytics' }),
      },
      binds: bigquery && config.analytics.gcp_jwt_path ? [`${config.analytics.gcp_jwt_path}:/opt/app/rel/logflare/bin/gcloud.json:ro`] : [],
      ports: [{ container: 4000, host: config.analytics.port, configKey: '[analytics] port' }],
      healthcheck: ['CMD', 'curl', '-sSfL', '--head', '-o', '/dev/null', 'http://127.0.0.1:4000/health'],
      healthStartPeriodMs: 10_000,
      probe: { kind: 'tcp', port: config.analytics.port },
    };
  },
};
