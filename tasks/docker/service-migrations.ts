/**
 * The services' own migrations on a new database (one-shot containers, as the
 * original runs them on PostgreSQL 15): the storage image's
 * `node dist/scripts/migrate-call.js` as supabase_storage_admin, then the auth image's
 * `gotrue migrate` as supabase_auth_admin, each a one-shot container reaching the db by its
 * container name. They run even when `-x` leaves the services out, as in the original, since the
 * schemas they leave are part of every Supabase database.
 */
import type Docker from 'dockerode';
import type { ProjectConfig } from '../project/config.types.js';
import { TaskError, messageOf } from '../task-error.js';
import { RunOnceError, runOnce, type RunOnceSpec } from './run-once.js';
import type { PlannedService } from './start-plan.js';
import type { ServiceId } from './services/service-plugin.js';

/** One migration step: its name in messages and its container. */
export interface ServiceMigration {
  step: string;
  spec: RunOnceSpec;
}

/**
 * The two steps, in the original's order, with the images the plan names (registry applied,
 * whether or not the services run); none on PostgreSQL 13 and 14, whose set-up is all SQL.
 */
export function serviceMigrations(config: ProjectConfig, plan: readonly PlannedService[], host: string): ServiceMigration[] {
  if (config.db.major_version <= 14) return [];
  const planned = (id: ServiceId) => plan.find((service) => service.plugin.id === id)!;
  const password = encodeURIComponent(config.db.password);
  const url = (role: string) => `postgresql://${role}:${password}@${planned('db').container}:5432/postgres`;
  return [
    {
      step: 'storage migrations',
      spec: {
        projectId: config.project_id,
        image: planned('storage').image,
        cmd: ['node', 'dist/scripts/migrate-call.js'],
        env: {
          DB_INSTALL_ROLES: false,
          ANON_KEY: config.auth.anon_key,
          SERVICE_KEY: config.auth.service_role_key,
          PGRST_JWT_SECRET: config.auth.jwt_secret,
          DATABASE_URL: url('supabase_storage_admin'),
          FILE_SIZE_LIMIT: config.storage.file_size_limit,
          STORAGE_BACKEND: 'file',
          TENANT_ID: 'stub',
          REGION: 'stub',
          GLOBAL_S3_BUCKET: 'stub',
        },
      },
    },
    {
      step: 'auth migrations',
      spec: {
        projectId: config.project_id,
        image: planned('auth').image,
        cmd: ['gotrue', 'migrate'],
        env: {
          API_EXTERNAL_URL: `http://${host}:${config.api.port}`,
          GOTRUE_LOG_LEVEL: 'error',
          GOTRUE_DB_DRIVER: 'postgres',
          GOTRUE_DB_DATABASE_URL: url('supabase_auth_admin'),
          GOTRUE_SITE_URL: config.auth.site_url,
          GOTRUE_JWT_SECRET: config.auth.jwt_secret,
        },
      },
    },
  ];
}

/**
 * Runs the steps in order. What a step's container writes to stderr goes to `notice` as it is
 * written (the original streams it to stderr; stdout it drops). A failure names its step and image
 * and ends with the container's last lines of both streams, since the error is often on stdout
 * (storage logs there).
 */
export async function runServiceMigrations(docker: Docker, migrations: ServiceMigration[], notice: (message: string) => void): Promise<void> {
  for (const migration of migrations) {
    try {
      await runOnce(docker, migration.spec, (line) => {
        if (line.stream === 'stderr') notice(line.text);
      });
    } catch (err) {
      const lines = err instanceof RunOnceError && err.lastLines.length > 0 ? `\n${migration.step} container's last output:\n${err.lastLines.map((line) => `  ${line.text}`).join('\n')}` : '';
      throw new TaskError(`failed to set up the database (${migration.step}, ${migration.spec.image}): ${messageOf(err)}${lines}`, undefined, { cause: err });
    }
  }
}
