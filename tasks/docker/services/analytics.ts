/**
 * Logflare, the analytics backend (started before the others and waited on, as the original),
 * storing logs in the `_analytics` schema.
 */
import path from 'node:path';
import { usualName, type ServicePlugin } from './service-plugin.js';

/**
 * The image's own run.sh sleeps 15 s before it migrates, longer than the health check's start
 * period, so the original replaces it with its two real steps.
 */
const RUN_SCRIPT = './logflare eval Logflare.Release.migrate\n./logflare start --sname logflare\n';

export const analytics: ServicePlugin = {
  id: 'analytics',
  containerName: usualName('analytics'),
  aliases: ['analytics'],
  image: () => 'supabase/logflare:1.4.0',
  enabled: (config) => config.analytics.enabled,
  container: ({ config, containerOf, root }) => {
    const bigquery = config.analytics.backend === 'bigquery';
    const db = containerOf('db');
    return {
      env: {
        DB_DATABASE: 'postgres',
        DB_HOSTNAME: db,
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
        // Quotes and all, as the original passes it: logflare splits it into the flag `'multibackend`
        // set to `true'`, so multibackend keeps its default, with the original and with us.
        LOGFLARE_FEATURE_FLAG_OVERRIDE: "'multibackend=true'",
        RELEASE_COOKIE: 'cookie',
        ...(bigquery
          ? { GOOGLE_DATASET_ID_APPEND: '_prod', GOOGLE_PROJECT_ID: config.analytics.gcp_project_id, GOOGLE_PROJECT_NUMBER: config.analytics.gcp_project_number }
          : {
              // The original's connection as postgres (its dbConfig user), not supabase_admin.
              POSTGRES_BACKEND_URL: `postgresql://postgres:${encodeURIComponent(config.db.password)}@${db}:5432/postgres`,
              POSTGRES_BACKEND_SCHEMA: '_analytics',
            }),
      },
      // The node name `logflare@127.0.0.1` needs the host name to be that address.
      hostname: '127.0.0.1',
      entrypoint: ['sh', '-c', `cat <<'EOF' > run.sh && sh run.sh\n${RUN_SCRIPT}EOF\n`],
      // The key's path is relative to the project root (the original's working directory).
      binds: bigquery && config.analytics.gcp_jwt_path ? [`${path.resolve(root, config.analytics.gcp_jwt_path)}:/opt/app/rel/logflare/bin/gcloud.json`] : [],
      ports: [{ container: 4000, host: config.analytics.port, configKey: '[analytics] port' }],
      healthcheck: ['CMD', 'curl', '-sSfL', '--head', '-o', '/dev/null', 'http://127.0.0.1:4000/health'],
      healthStartPeriodMs: 10_000,
      probe: { kind: 'tcp', port: config.analytics.port },
    };
  },
};
