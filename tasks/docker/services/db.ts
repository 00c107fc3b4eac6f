/**
 * The database container (the original's env, ports and volumes). The image's own entrypoint
 * initialises the cluster as the platform sets it up (supabase_admin the superuser, postgres not);
 * like the original on PostgreSQL 15, our entrypoint first writes the initial schema for the
 * image's init to run as supabase_admin, and the pgsodium root key into the config volume. The
 * services' migrations, roles.sql, migrations and seed follow over the network (db-setup.ts).
 */
import { TaskError } from '../../task-error.js';
import { volumeNames } from '../docker-names.js';
import { initialSchemaEntrypoint } from '../initial-schema.js';
import { usualName, type ServicePlugin } from './service-plugin.js';

export const db: ServicePlugin = {
  id: 'db',
  containerName: usualName('db'),
  aliases: ['db', 'db.supabase.internal'],
  image: (config) => config.images.db,
  enabled: () => true,
  container: ({ config, projectId }) => {
    const volumes = volumeNames(projectId);
    const orioledb = Boolean(config.experimental.orioledb_version);
    const env: Record<string, string | number> = {
      POSTGRES_PASSWORD: config.db.password,
      POSTGRES_HOST: '/var/run/postgresql',
      // The original sends POSTGRES_INITDB_ARGS twice (ctype, then collation), and the engine keeps
      // the later one alone; we send both settings it meant in one value, so ctype is C.UTF-8
      // whatever the image's locale variables say.
      POSTGRES_INITDB_ARGS: `--lc-ctype=C.UTF-8 --lc-collate=${orioledb ? 'C' : 'C.UTF-8'}`,
      JWT_SECRET: config.auth.jwt_secret,
      JWT_EXP: config.auth.jwt_expiry,
    };
    if (orioledb) {
      Object.assign(env, {
        S3_ENABLED: 'true',
        S3_HOST: config.experimental.s3_host,
        S3_REGION: config.experimental.s3_region,
        S3_ACCESS_KEY: config.experimental.s3_access_key,
        S3_SECRET_KEY: config.experimental.s3_secret_key,
      });
    }
    // Interpolated into a shell line below, so anything but hex is refused.
    if (!/^[0-9a-f]*$/i.test(config.db.root_key)) throw new TaskError('SUPABASE_DB_ROOT_KEY must be hexadecimal');
    const pg15 = config.db.major_version >= 15;
    return {
      env,
      entrypoint: pg15
        ? ['sh', '-c', initialSchemaEntrypoint(config.db.root_key)]
        : undefined,
      cmd: config.db.major_version >= 14
        ? ['postgres', '-c', 'config_file=/etc/postgresql/postgresql.conf', '-c', 'search_path="$user",public,extensions']
        : undefined,
      ports: [{ container: 5432, host: config.db.port, configKey: '[db] port' }],
      volumes: [
        { volume: volumes.db, target: '/var/lib/postgresql/data' },
        { volume: volumes.config, target: '/etc/postgresql-custom' },
      ],
      extraHosts: ['host.docker.internal:host-gateway'],
      healthcheck: ['CMD', 'pg_isready', '-U', 'postgres', '-h', '127.0.0.1', '-p', '5432'],
      logsToVector: true,
      probe: { kind: 'sql', port: config.db.port },
    };
  },
};
