/**
 * First-time set-up of the db container's database (only when its volume is
 * new, as the original). On PostgreSQL 15, after the
 * image's own init ran the initial schema as supabase_admin: the services' migrations through
 * their images, then, as postgres over the published port, supabase/roles.sql, migrations and
 * seed through the shared db tasks. Nothing here needs a superuser: on the platform's image
 * postgres is not one.
 */
import type Docker from 'dockerode';
import type pg from 'pg';
import { withConnection } from '../db/connect.js';
import { migrateAndSeed, type MigrateAndSeedOptions } from '../db/migrate-and-seed.js';
import { applyCustomRoles } from '../db/seed.js';
import { bootstrapScripts, scriptsForDatabase } from '../native/bootstrap-sql.js';
import type { ProjectConfig } from '../project/config.types.js';
import { TaskError, messageOf } from '../task-error.js';
import { runServiceMigrations, type ServiceMigration } from './service-migrations.js';

export interface DbSetupResult {
  migrations: string[];
  seeded: boolean;
}

/** Runs the set-up on a database that was created just now; `migrate` goes to the migrations and seed. */
export async function setUpDatabase(
  docker: Docker,
  target: { host: string; root: string; config: ProjectConfig; serviceMigrations: ServiceMigration[] },
  notice: (message: string) => void,
  migrate: MigrateAndSeedOptions = {},
): Promise<DbSetupResult> {
  const { config } = target;
  await runServiceMigrations(docker, target.serviceMigrations, notice);
  return withConnection({ host: target.host, port: config.db.port, password: config.db.password, connectTimeoutMs: 2_000 }, async (client) => {
    // PostgreSQL 13 and 14 images have no init of their own: the original sends its globals and
    // initial schema over the connection, as our bootstrap scripts do here.
    if (config.db.major_version <= 14) await applyBootstrapScripts(client);
    await applyCustomRoles(client, target.root, notice);
    const result = await migrateAndSeed(client, target.root, { ...migrate, notice });
    return { migrations: result.applied, seeded: result.seeded };
  });
}

/** Our bootstrap SQL, less the service schemas the image made already. */
async function applyBootstrapScripts(client: pg.Client): Promise<void> {
  // Raw SQL: each bootstrap script is a multi-statement file run as it is.
  const existing = await client.query<{ nspname: string }>('select nspname from pg_namespace');
  for (const script of scriptsForDatabase(await bootstrapScripts(), new Set(existing.rows.map((row) => row.nspname)))) {
    try {
      await client.query(script.sql);
    } catch (err) {
      throw new TaskError(`failed to set up the database (migrations/bootstrap/${script.name}): ${messageOf(err)}`, undefined, { cause: err });
    }
  }
}
