/**
 * `db reset`. Locally, on the native runtime, the database is recreated from the
 * cluster's template database (a file copy, no restart); roles are cluster-wide and survive, as
 * in the original. A remote database has its user schemas and public objects dropped instead.
 */
import type pg from 'pg';
import { withDatabase, withUrl } from './connect.js';
import { dropDatabase } from './drop-database.js';
import { endDeadSessions } from './orphan-backend.js';
import { migrateAndSeed } from './migrate-and-seed.js';
import type { ApplyOptions, Notice } from './migration-runner.js';
import { unrecorded } from '../orchestration/step-runner.js';
import { assertProjectFileKinds } from '../project/file-kind.js';
import { MANAGED_SCHEMAS, SYSTEM_SCHEMAS, listSchemas } from './schemas.js';
import type { SystemCatalogs } from './catalog/system-catalogs.js';
import { cloneTemplate, ensureTemplateDatabase } from './template-database.js';
import { setAside, takeSpare } from './spare-database.js';
import { startSpareRefill } from './spare-refill.js';
import { applyProjectSettings } from '../native/project-settings.js';
import { clusterPaths } from '../native/native-paths.js';
import { withProjectLock } from '../native/project-lock.js';
import type { ProjectConfig } from '../project/config.types.js';

export interface ResetOptions extends ApplyOptions {
  /** Stop after this migration version. */
  version?: string;
  notice?: Notice;
  /** Told once the database is empty again (its history table gone), before the migrations run. */
  onRecreated?: () => void;
}

/**
 * Recreates the local native database `postgres` from the template database, then migrates and
 * seeds it, each part a step of its own. `dbUrl` is the local database's URL; the cluster lock
 * keeps start/stop out while the database is dropped and created. Killed between the two, the
 * journal says so and the next command finishes the reset (reset.recovery.ts). The database is
 * the spare copy of the template when one is ready (spare-database.ts), the old one is renamed
 * aside, and both the drop of the old one and the next spare are left to a background process.
 */
export async function resetNativeDatabase(root: string, config: ProjectConfig, dbUrl: string, env: NodeJS.ProcessEnv, options: ResetOptions = {}): Promise<{ applied: string[]; seeded: boolean }> {
  await assertProjectFileKinds(root);
  const step = options.step ?? unrecorded;
  const admin = withDatabase(dbUrl, 'template1');
  const paths = clusterPaths(config.project_id, env);
  // One session on template1 for the template's check and then, under the lock, the drop and create.
  await withUrl(admin, async (client) => {
    await step('prepare the template database', () => ensureTemplateDatabase(admin, client));
    await withProjectLock(paths.lockDir, config.project_id, async () => {
      await step('drop database postgres', async () => {
        // A reset killed during its CREATE leaves that statement running on template1, where
        // the drop below ends nothing; it would commit and make the CREATE below fail.
        await endDeadSessions(client);
        if (!(await setAside(client, 'postgres'))) await dropDatabase(client, 'postgres');
      });
      await step('create database postgres', async () => {
        if (!(await takeSpare(client, 'postgres'))) await createAfresh(client);
      });
    });
  });
  options.onRecreated?.();
  const outcome = await withUrl(dbUrl, async (client) => {
    await step('apply project settings', () => applyProjectSettings(client, config));
    return migrateAndSeed(client, root, { ...options, upTo: options.version });
  });
  // The next reset's copy of the template, made while the user goes on.
  startSpareRefill(admin, env);
  return outcome;
}

/**
 * Creates `postgres` from the template. A session that is not this tool's may have created it
 * since the drop (its uncommitted row is invisible to DROP ... IF EXISTS, and CREATE waits on it,
 * then fails with a duplicate key): the reset then drops that one and creates it again.
 */
async function createAfresh(client: pg.Client): Promise<void> {
  try {
    await cloneTemplate(client, 'postgres');
  } catch (err) {
    // 42P04: duplicate_database; 23505: the same, met on pg_database's unique index.
    const code = (err as { code?: string }).code;
    if (code !== '42P04' && code !== '23505') throw err;
    await dropDatabase(client, 'postgres');
    await cloneTemplate(client, 'postgres');
  }
}

/** Drops what migrations made in `public`: every routine, table, sequence and type, and all policies. */
const DROP_PUBLIC_OBJECTS = `DO $reset$
DECLARE
  item record;
BEGIN
  FOR item IN SELECT p.proname AS name, pg_get_function_identity_arguments(p.oid) AS args, p.prokind
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP %s IF EXISTS public.%I(%s) CASCADE', CASE item.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END, item.name, item.args);
  END LOOP;
  FOR item IN SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'f', 'm')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP TABLE IF EXISTS public.%I CASCADE', item.name);
  END LOOP;
  FOR item IN SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'S' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP SEQUENCE IF EXISTS public.%I CASCADE', item.name);
  END LOOP;
  FOR item IN SELECT t.typname AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r', 'm') AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP TYPE IF EXISTS public.%I CASCADE', item.name);
  END LOOP;
  FOR item IN SELECT schemaname, tablename, policyname FROM pg_policies
  LOOP
    EXECUTE format('DROP POLICY IF EXISTS %I ON %I.%I', item.policyname, item.schemaname, item.tablename);
  END LOOP;
END
$reset$`;

/** Extensions in `public` a reset keeps. */
const KEPT_EXTENSIONS = ['pg_graphql', 'pg_net', 'pg_stat_statements', 'pgcrypto', 'pgjwt', 'pgsodium', 'plpgsql', 'supabase_vault', 'uuid-ossp'];

/** Resets a remote database: user schemas (the history schema too) and public objects dropped, then migrate and seed. */
export async function resetRemoteDatabase(url: string, root: string, options: ResetOptions = {}): Promise<{ applied: string[]; seeded: boolean }> {
  await assertProjectFileKinds(root);
  return withUrl(url, async (client) => {
    await (options.step ?? unrecorded)('drop user schemas and public objects', async () => {
      // Raw SQL for the drops: kysely's schema builder has DROP SCHEMA but no DROP EXTENSION, and
      // the public objects go in one server-side DO block (a multi-statement script).
      for (const schema of await listSchemas(client, ['public', ...MANAGED_SCHEMAS, ...SYSTEM_SCHEMAS])) {
        await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(schema)} CASCADE`);
      }
      const { kyselyOn } = await import('./kysely.js');
      const extensions = await kyselyOn<SystemCatalogs>(client)
        .selectFrom('pg_catalog.pg_extension as e')
        .innerJoin('pg_catalog.pg_namespace as n', 'n.oid', 'e.extnamespace')
        .select('e.extname')
        .where('n.nspname', '=', 'public')
        .where((eb) => eb.not(eb('e.extname', '=', eb.fn.any(eb.val(KEPT_EXTENSIONS)))))
        .execute();
      for (const { extname } of extensions) await client.query(`DROP EXTENSION IF EXISTS ${client.escapeIdentifier(extname)} CASCADE`);
      await client.query(DROP_PUBLIC_OBJECTS);
    });
    options.onRecreated?.();
    return migrateAndSeed(client, root, { ...options, upTo: options.version });
  });
}
