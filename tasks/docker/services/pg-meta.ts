/** postgres-meta (started with Studio, as the original), the API Studio uses to read and change the schema. */
import { usualName, type ServicePlugin } from './service-plugin.js';

export const pgMeta: ServicePlugin = {
  id: 'pg-meta',
  containerName: usualName('pg_meta'),
  aliases: ['pg_meta'],
  image: () => 'supabase/postgres-meta:v0.77.2',
  enabled: (config) => config.studio.enabled,
  container: ({ config, containerOf }) => ({
    env: {
      PG_META_PORT: 8080,
      PG_META_DB_HOST: containerOf('db'),
      PG_META_DB_NAME: 'postgres',
      PG_META_DB_USER: 'postgres',
      PG_META_DB_PORT: 5432,
      PG_META_DB_PASSWORD: config.db.password,
    },
    // A rejected promise ends node with status 1, which is how this check fails.
    healthcheck: ['CMD', 'node', '-e', "fetch('http://127.0.0.1:8080/health').then((r) => {if (r.status !== 200) throw new Error(r.status)})"],
    probe: { kind: 'exec' },
  }),
};
