/** Migrations then seed (the original's MigrateAndSeed), used by reset and push. */
import type pg from 'pg';
import { listMigrations } from './migration-files.js';
import { applyMigrations, type ApplyOptions, type Notice } from './migration-runner.js';
import { applySeed } from './seed.js';
import { unrecorded } from '../orchestration/step-runner.js';
import { notifyRestSchemaReload } from './rest-schema-reload.js';

export interface MigrateAndSeedOptions extends ApplyOptions {
  /** Stop after this migration version. */
  upTo?: string;
  notice?: Notice;
}

/**
 * Applies every local migration (up to `upTo`) and the seed; throws the first failure. REST is
 * told to reload its schema cache at the end, failed or not (a reset's database is new anyway).
 */
export async function migrateAndSeed(client: pg.Client, root: string, options: MigrateAndSeedOptions = {}): Promise<{ applied: string[]; seeded: boolean }> {
  try {
    const notice = options.notice ?? (() => undefined);
    const listing = await listMigrations(root, options.upTo);
    for (const skipped of listing.skipped) notice(skipped.notice);
    const result = await applyMigrations(client, listing.migrations, notice, options);
    if (result.failed) throw result.failed.error;
    const seeded = await (options.step ?? unrecorded)('seed', () => applySeed(client, root, notice));
    return { applied: result.applied, seeded };
  } finally {
    await notifyRestSchemaReload(client);
  }
}
