/** Installing pgTAP for a test run and removing it afterwards, only when the run installed it. */
import type pg from 'pg';
import type { SystemCatalogs } from '../db/catalog/system-catalogs.js';
import { kyselyOn } from '../db/kysely.js';
import { TaskError, messageOf } from '../task-error.js';

/** Whether pgtap is installed in the database. */
export async function hasPgtap(client: pg.Client): Promise<boolean> {
  const row = await kyselyOn<SystemCatalogs>(client).selectFrom('pg_catalog.pg_extension').select('extname').where('extname', '=', 'pgtap').executeTakeFirst();
  return row !== undefined;
}

/** Creates pgtap in schema `extensions` (one statement each, so either it is there or not). */
export async function installPgtap(client: pg.Client): Promise<void> {
  try {
    // Raw SQL: kysely has no CREATE EXTENSION (nor DROP EXTENSION below).
    await client.query('create schema if not exists extensions');
    await client.query('create extension if not exists pgtap with schema extensions');
  } catch (error) {
    const code = (error as { code?: string }).code;
    // 58P01 (undefined file) or 0A000: the server has no pgtap.control to load.
    if (code === '58P01' || code === '0A000' || /could not open extension control file|is not available/.test(messageOf(error))) {
      throw new TaskError(
        'failed to install the pgtap extension: it is not available on this database server.',
        'Install pgTAP for PostgreSQL 15 (apt-get install postgresql-15-pgtap) and restart the database with supabase stop && supabase start.',
        { cause: error },
      );
    }
    throw new TaskError(`failed to install the pgtap extension: ${messageOf(error)}`, undefined, { cause: error });
  }
}

/** Drops pgtap; used only when this run installed it (or a recovery of such a run). */
export async function dropPgtap(client: pg.Client): Promise<void> {
  await client.query('drop extension if exists pgtap');
}
