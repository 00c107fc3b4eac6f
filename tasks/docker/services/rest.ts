/** PostgREST (no Docker health check in the original either); ready when kong answers its admin `ready` route. */
import { usualName, type ServicePlugin } from './service-plugin.js';

export const rest: ServicePlugin = {
  id: 'rest',
  containerName: usualName('rest'),
  aliases: ['rest'],
  image: (config) => config.images.rest,
  enabled: (config) => config.api.enabled,
  container: ({ config, containerOf, host }) => ({
    env: {
      PGRST_DB_URI: `postgresql://authenticator:${encodeURIComponent(config.db.password)}@${containerOf('db')}:5432/postgres`,
      PGRST_DB_SCHEMAS: config.api.schemas.join(','),
      PGRST_DB_EXTRA_SEARCH_PATH: config.api.extra_search_path.join(','),
      PGRST_DB_MAX_ROWS: config.api.max_rows,
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: config.auth.jwt_secret,
      PGRST_ADMIN_SERVER_PORT: 3001,
    },
    logsToVector: true,
    // The image has no shell or wget, so the original checks it from outside, through kong.
    probe: { kind: 'http', url: `http://${host}:${config.api.port}/rest-admin/v1/ready`, headers: { apikey: config.auth.anon_key } },
  }),
};
