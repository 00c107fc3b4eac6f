/**
 * The shared core of `migration up` and `db push` (the original's shared pending check): what is
 * pending, then apply it.
 */
import type pg from 'pg';
import { listMigrations, type MigrationFile } from './migration-files.js';
import { appliedVersions } from './migration-history.js';
import { driftWarnings } from './migration-drift.js';
import { pendingMigrations } from './migration-pending.js';
import { applyMigrations, type ApplyOptions, type Notice } from './migration-runner.js';
import { notifyRestSchemaReload } from './rest-schema-reload.js';

/** The local files the database has not applied yet; prints skipped-file notices and drift warnings. */
export async function findPending(client: pg.Client, root: string, includeAll: boolean, notice: Notice): Promise<MigrationFile[]> {
  const listing = await listMigrations(root);
  for (const skipped of listing.skipped) notice(skipped.notice);
  for (const warning of await driftWarnings(client, listing.migrations)) notice(warning);
  return pendingMigrations(listing.migrations, await appliedVersions(client), includeAll);
}

/**
 * Applies pending files in order; throws the first failure (files before it stay applied). REST is
 * told to reload its schema cache when any file was applied.
 */
export async function applyPending(client: pg.Client, pending: MigrationFile[], notice: Notice, options: ApplyOptions = {}): Promise<string[]> {
  const result = await applyMigrations(client, pending, notice, options);
  if (result.applied.length > 0) await notifyRestSchemaReload(client);
  if (result.failed) throw result.failed.error;
  return result.applied;
}
