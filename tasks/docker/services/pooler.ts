/** PgBouncer in front of the database (the last service the original starts), when `[db.pooler] enabled`. */
import { usualName, type ServicePlugin } from './service-plugin.js';

export const pooler: ServicePlugin = {
  id: 'pooler',
  containerName: usualName('pooler'),
  aliases: ['pooler'],
  image: () => 'bitnami/pgbouncer:1.20.1-debian-11-r39',
  enabled: (config) => config.db.pooler.enabled,
  container: ({ config, containerOf }) => ({
    env: {
      POSTGRESQL_HOST: containerOf('db'),
      POSTGRESQL_PORT: 5432,
      // The bitnami image's own connection: as pgbouncer, whose password is the database's.
      POSTGRESQL_USERNAME: 'pgbouncer',
      POSTGRESQL_PASSWORD: config.db.password,
      POSTGRESQL_DATABASE: 'postgres',
      PGBOUNCER_AUTH_USER: 'pgbouncer',
      PGBOUNCER_AUTH_QUERY: 'SELECT * FROM pgbouncer.get_auth($1)',
      PGBOUNCER_POOL_MODE: config.db.pooler.pool_mode,
      PGBOUNCER_DEFAULT_POOL_SIZE: config.db.pooler.default_pool_size,
      PGBOUNCER_MAX_CLIENT_CONN: config.db.pooler.max_client_conn,
      PGBOUNCER_IGNORE_STARTUP_PARAMETERS: 'extra_float_digits',
    },
    ports: [{ container: 6432, host: config.db.pooler.port, configKey: '[db.pooler] port' }],
    healthcheck: ['CMD', 'bash', '-c', 'printf \\0 > /dev/tcp/127.0.0.1/6432'],
    probe: { kind: 'tcp', port: config.db.pooler.port },
  }),
};
