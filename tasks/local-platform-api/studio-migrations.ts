/**
 * The Studio's `GET /api/migrations`: the project's migration files as `db push` and `start` see
 * them (db/migration-files.ts), so the Database section can put each applied version beside the
 * file it came from, or say that file is gone. Only this process knows the project folder; the
 * history itself the page reads from the database through postgres-meta.
 */
import type { ServerResponse } from 'node:http';
import { listMigrations } from '../db/migration-files.js';
import { MIGRATIONS_DIR } from '../project/project-paths.js';
import { isTaskError } from '../task-error.js';
import { sendJson } from './http-helpers.js';

/** One migration file, its path relative to the project as the CLI prints it. */
export interface MigrationFileEntry {
  version: string;
  name: string;
  file: string;
}

/** Answers the listing: `{ files, skipped }`, skipped naming files whose name is not a migration's. */
export async function answerMigrationFiles(res: ServerResponse, projectRoot: string | undefined): Promise<void> {
  if (!projectRoot) return sendJson(res, 409, { message: 'migration files cannot be read: this server was started without a project folder; run supabase start in the project' });
  try {
    const listing = await listMigrations(projectRoot);
    const files: MigrationFileEntry[] = listing.migrations.map((migration) => ({ version: migration.version, name: migration.name, file: `${MIGRATIONS_DIR}/${migration.file}` }));
    sendJson(res, 200, { files, skipped: listing.skipped.map((entry) => entry.file) });
  } catch (error) {
    // A folder that is a file, a link leading nowhere: the listing's own words name it and the fix.
    if (!isTaskError(error)) throw error;
    sendJson(res, 409, { message: `failed to read ${MIGRATIONS_DIR}: ${error.message}${error.suggestion ? ` ${error.suggestion}` : ''}` });
  }
}
