/**
 * `migration squash`: the migrations up to a version are replayed into a shadow
 * database and replaced by one schema dump written over the last of them. Beyond the original,
 * data statements of the squashed files (rows for storage.buckets, cron.schedule calls, ...),
 * which a schema dump cannot contain, are carried over when they still run on the dumped schema;
 * each one that does not is reported by the caller.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unrecorded, type StepRunner } from '../orchestration/step-runner.js';
import { withUrl } from './connect.js';
import { dumpPlan } from './dump-script.js';
import { runDump } from './dump-run.js';
import type { MigrationFile } from './migration-files.js';
import { type Notice } from './migration-runner.js';
import { scanStatements } from './sql-scan.js';
import { withShadow } from './shadow.js';

/** Statement kinds a schema dump loses. */
const DATA_HEADS = new Set(['insert', 'update', 'delete', 'merge', 'select', 'call']);

export interface SquashResult {
  /** The file now holding the squashed schema. */
  target: MigrationFile;
  /** Files deleted. */
  removed: MigrationFile[];
  /** Data statements carried into the squashed file. */
  kept: string[];
  /** Data statements that could not be carried over, with the reason. */
  dropped: Array<{ statement: string; reason: string }>;
}

/** Where a squash keeps its files until they replace the migrations (supabase/.temp: same file system). */
export interface SquashOptions {
  /** A folder for the squashed file before it replaces the target, and for the data check. */
  scratchDir: string;
  step?: StepRunner;
}

/**
 * Squashes `migrations` (at least two) into the last one. The squashed file is written aside
 * first and renamed over the target in one step; the older files are removed after that, one step
 * each, so an interrupted squash is either undone (the aside file removed) or finished (the
 * remaining older files removed) by squash.recovery.ts.
 */
export async function squashMigrations(hostUrl: string, migrations: MigrationFile[], env: NodeJS.ProcessEnv, notice: Notice, options: SquashOptions): Promise<SquashResult> {
  const step = options.step ?? unrecorded;
  const target = migrations.at(-1)!;
  const removed = migrations.slice(0, -1);
  const { schema, kept, dropped } = await step('build the squashed schema in shadow databases', () => buildSquashed(hostUrl, migrations, env, notice, options.scratchDir));
  const tail = kept.length > 0 ? `\n-- Data statements kept from the squashed migrations\n${kept.map((statement) => `${statement};\n`).join('')}` : '';
  const aside = path.join(options.scratchDir, `squash-${target.version}.sql`);
  await mkdir(options.scratchDir, { recursive: true });
  await step('write the squashed file', () => writeFile(aside, schema + tail), { aside, target: target.path, removed: removed.map((file) => file.path) });
  await step(`replace ${target.file}`, () => rename(aside, target.path));
  for (const file of removed) await step(`remove ${file.file}`, () => rm(file.path, { force: true }));
  return { target, removed, kept, dropped };
}

/** The schema dump of the migrations, and which data statements still run on it. */
async function buildSquashed(hostUrl: string, migrations: MigrationFile[], env: NodeJS.ProcessEnv, notice: Notice, scratchDir: string): Promise<{ schema: string; kept: string[]; dropped: SquashResult['dropped'] }> {
  const target = migrations.at(-1)!;
  const data: string[] = [];
  for (const migration of migrations) {
    for (const statement of scanStatements(await readFile(migration.path, 'utf8'))) {
      if (DATA_HEADS.has(statement.head[0] ?? '')) data.push(statement.text);
    }
  }
  let schema = '';
  await withShadow(hostUrl, migrations, notice, (shadow) => runDump(dumpPlan({ kind: 'schema', schemas: [] }), shadow.url, (text) => (schema += text), env), env);
  const kept: string[] = [];
  const dropped: SquashResult['dropped'] = [];
  if (data.length > 0) {
    // Replay the dump, then each data statement in its own transaction, on a second shadow.
    await mkdir(scratchDir, { recursive: true });
    const schemaFile: MigrationFile = { ...target, path: path.join(scratchDir, `squash-check-${process.pid}.sql`) };
    await writeFile(schemaFile.path, schema);
    try {
      await withShadow(hostUrl, [schemaFile], () => undefined, (shadow) => withUrl(shadow.url, async (client) => {
        for (const statement of data) {
          // Raw SQL: each is a statement from the user's own migration files.
          await client.query('BEGIN');
          try {
            await client.query(statement);
            await client.query('COMMIT');
            kept.push(statement);
          } catch (err) {
            await client.query('ROLLBACK');
            dropped.push({ statement, reason: (err as Error).message });
          }
        }
      }), env);
    } finally {
      await rm(schemaFile.path, { force: true });
    }
  }
  return { schema, kept, dropped };
}
