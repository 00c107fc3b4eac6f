/**
 * The shadow database: a throw-away database holding the local migrations, the
 * "before" side of a diff and the source of a squash. The original starts a container; on the
 * native runtime it is a clone of the cluster's bootstrapped template database, named after the
 * process that made it, so one left behind by a killed command is dropped by the next. (A project
 * that uses pg_cron gets a scratch cluster instead: see createShadow.)
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import type { SystemCatalogs } from './catalog/system-catalogs.js';
import { kyselyOn } from './kysely.js';
import { withDatabase, withUrl } from './connect.js';
import { dropDatabase } from './drop-database.js';
import { endDeadSessions } from './orphan-backend.js';
import type { MigrationFile } from './migration-files.js';
import { applyMigrations, type Notice } from './migration-runner.js';
import { cloneTemplate, ensureTemplateDatabase } from './template-database.js';
import { isProcessAlive } from '../native/pg-process.js';
import { startScratchCluster } from '../native/scratch-cluster.js';

const PREFIX = 'supabase_shadow_';

export interface ShadowDatabase {
  /** Connection string of the shadow database. */
  url: string;
  /** Drops the shadow database. */
  drop(): Promise<void>;
}

/**
 * Creates a shadow database on the server of `hostUrl` and applies `migrations` to it. Migrations
 * that create pg_cron get a scratch cluster instead (see scratch-cluster.ts), built from `env`.
 */
export async function createShadow(hostUrl: string, migrations: MigrationFile[], notice: Notice = () => undefined, env: NodeJS.ProcessEnv = process.env): Promise<ShadowDatabase> {
  if (await createsPgCron(migrations)) return shadowCluster(migrations, notice, env);
  await ensureTemplateDatabase(hostUrl);
  const name = `${PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await withUrl(hostUrl, async (client) => {
    // A killed command's CREATE or DROP DATABASE may still run: end it before making another.
    await endDeadSessions(client);
    await dropStaleShadows(client);
    await cloneTemplate(client, name);
  });
  const shadow: ShadowDatabase = {
    url: withDatabase(hostUrl, name),
    drop: () => withUrl(hostUrl, (client) => dropDatabase(client, name)),
  };
  try {
    const result = await withUrl(shadow.url, (client) => applyMigrations(client, migrations, notice));
    if (result.failed) throw result.failed.error;
  } catch (err) {
    await shadow.drop().catch(() => undefined);
    throw err;
  }
  return shadow;
}

/** Runs `work` with a shadow database that is dropped afterwards, whatever happens. */
export async function withShadow<T>(hostUrl: string, migrations: MigrationFile[], notice: Notice, work: (shadow: ShadowDatabase) => Promise<T>, env: NodeJS.ProcessEnv = process.env): Promise<T> {
  const shadow = await createShadow(hostUrl, migrations, notice, env);
  try {
    return await work(shadow);
  } finally {
    await shadow.drop().catch(() => undefined);
  }
}

async function dropStaleShadows(client: pg.Client): Promise<void> {
  const rows = await kyselyOn<SystemCatalogs>(client).selectFrom('pg_catalog.pg_database').select('datname').where('datname', 'like', `${PREFIX.replace(/_/g, '\\_')}%`).execute();
  for (const { datname } of rows) {
    const pid = Number(/^supabase_shadow_(\d+)_/.exec(datname)?.[1]);
    if (pid && pid !== process.pid && !(await isProcessAlive(pid))) {
      await dropDatabase(client, datname);
    }
  }
}

/** Whether a migration creates pg_cron, which refuses any database but `cron.database_name`'s. */
async function createsPgCron(migrations: MigrationFile[]): Promise<boolean> {
  for (const migration of migrations) {
    if (/\bcreate\s+extension\s+(if\s+not\s+exists\s+)?"?pg_cron\b/i.test(await readFile(migration.path, 'utf8'))) return true;
  }
  return false;
}

async function shadowCluster(migrations: MigrationFile[], notice: Notice, env: NodeJS.ProcessEnv): Promise<ShadowDatabase> {
  const cluster = await startScratchCluster(env);
  try {
    const result = await withUrl(cluster.url, (client) => applyMigrations(client, migrations, notice));
    if (result.failed) throw result.failed.error;
  } catch (err) {
    await cluster.discard();
    throw err;
  }
  return { url: cluster.url, drop: () => cluster.discard() };
}
