/**
 * Beyond the original: a migration file edited after it was applied silently diverges from the
 * database. Comparing the file's statements with those recorded for its version finds that.
 */
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import type { MigrationFile } from './migration-files.js';
import { appliedRows } from './migration-history.js';
import { splitStatements } from './sql-scan.js';
import { MIGRATIONS_DIR } from '../project/project-paths.js';

/** One warning line per applied file whose statements differ from the recorded ones. */
export async function driftWarnings(client: pg.Client, local: MigrationFile[]): Promise<string[]> {
  const recorded = new Map((await appliedRows(client)).map((row) => [row.version, row.statements]));
  const warnings: string[] = [];
  for (const file of local) {
    const statements = recorded.get(file.version);
    // Rows written by `repair` on old tools or other clients may have no statements to compare.
    if (!statements) continue;
    const current = splitStatements(await readFile(file.path, 'utf8'));
    if (current.length !== statements.length || current.some((text, index) => text !== statements[index])) {
      warnings.push(`WARNING: ${MIGRATIONS_DIR}/${file.file} no longer matches the statements recorded for version ${file.version}.`);
    }
  }
  return warnings;
}
