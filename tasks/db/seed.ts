/**
 * Custom roles and seed data, in the original's order: supabase/roles.sql before the migrations and
 * supabase/seed.sql after them, each run as one script when the file exists. Neither is
 * recorded in the migration history. Each is a listr2 task titled with the original's line.
 */
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { ROLES_PATH, SEED_PATH, inProject } from '../project/project-paths.js';
import { runScript, type Notice } from './migration-runner.js';
import { rethrowWrongKind } from '../project/file-kind.js';
import { runSqlSteps } from '../orchestration/sql-steps.js';

/** Runs supabase/seed.sql if present; returns whether it ran. */
export async function applySeed(client: pg.Client, root: string, notice: Notice = () => undefined): Promise<boolean> {
  const sql = await readOptional(root, SEED_PATH);
  if (sql === undefined) return false;
  await runSqlSteps([{ title: `Seeding data ${SEED_PATH}...`, run: () => runScript(client, sql, SEED_PATH) }], notice);
  return true;
}

/** Runs supabase/roles.sql if present; returns whether it ran. */
export async function applyCustomRoles(client: pg.Client, root: string, notice: Notice = () => undefined): Promise<boolean> {
  const sql = await readOptional(root, ROLES_PATH);
  if (sql === undefined) return false;
  await runSqlSteps([{ title: `Creating custom roles ${ROLES_PATH}...`, run: () => runScript(client, sql, ROLES_PATH) }], notice);
  return true;
}

/**
 * The file's bytes (sent as they are: runScript refuses bytes that are not UTF-8 as the server
 * would), undefined when it does not exist; a folder in its place is the user's to move.
 */
async function readOptional(root: string, relative: string): Promise<Buffer | undefined> {
  try {
    return await readFile(inProject(root, relative));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    rethrowWrongKind(err, relative, 'file');
  }
}
