/**
 * Applies migration files to a database, each file and its history row in one transaction, so a
 * migration is never recorded without its effects or the other way round. It returns what was
 * applied and what failed instead of throwing halfway (like kysely's Migrator); the caller
 * decides what a failure means.
 *
 * Statements are sent one by one (as psql -f does), which lets an error name the statement, and
 * lets us reproduce what the original's single pipelined batch does with a file that manages its
 * own transactions: in a batch, the file's `begin` joins the implicit transaction and its
 * `commit` ends it, after which the rest (history row included) runs in a new one.
 */
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { inTransaction } from './connect.js';
import type { MigrationFile } from './migration-files.js';
import { HISTORY_DDL, ensureHistoryTable, insertHistoryRows, type HistoryRow } from './migration-history.js';
import { HISTORY_TABLE, type SchemaMigrationsTable } from './catalog/tool-schema.js';

/** The history row of a script; its statements are the script's own. */
export type HistoryKey = Pick<HistoryRow, 'version' | 'name'>;
import { closesTransaction, isNonTransactional, opensTransaction, scanStatements, type SqlStatement } from './sql-scan.js';
import { describeSqlError, missingExtension, missingExtensionSuggestion, unloadableModuleSuggestion } from './sql-error.js';
import { TaskError } from '../task-error.js';
import { InvalidEncodingError, decodeSql } from './sql-bytes.js';
import { unrecorded, type StepRunner } from '../orchestration/step-runner.js';
import { runSqlSteps, type SqlStep } from '../orchestration/sql-steps.js';

/** Where progress lines go (stderr in the CLI). */
export type Notice = (message: string) => void;

export interface MigrationRunResult {
  /** File names applied, in order. */
  applied: string[];
  /** The first failure; files after it were not tried. */
  failed?: { file: string; error: TaskError };
}

/** A statement that failed: its 0-based index in the script, as the original counts. */
export class StatementError extends Error {
  constructor(
    readonly index: number,
    readonly statement: string,
    override readonly cause: unknown,
  ) {
    super(`${describeSqlError(cause)}\nAt statement ${index}: ${statement}`, { cause });
    this.name = 'StatementError';
  }
}

/** What a caller running an operation adds to applying migrations. */
export interface ApplyOptions {
  /** Each file is one step, recorded before and after it with `{ migration, backendPid }` for a recovery. */
  step?: StepRunner;
  /** Told inside the step, once the file and its history row committed. */
  onApplied?: (migration: MigrationFile) => void;
}

/**
 * Applies `migrations` in order, one listr2 task each titled `Applying migration <file>...`
 * (printed as that line in plain output, sql-steps.ts).
 */
export async function applyMigrations(client: pg.Client, migrations: MigrationFile[], notice: Notice = () => undefined, options: ApplyOptions = {}): Promise<MigrationRunResult> {
  const result: MigrationRunResult = { applied: [] };
  const step = options.step ?? unrecorded;
  const backendPid = (client as pg.Client & { processID?: number }).processID ?? null;
  // Whether the history table is known to stand as the DDL leaves it: after the first file, only
  // a file that names its schema can have changed it, and such a file runs the DDL again.
  let historyReady = false;
  // Each file is read and split while the server runs the one before it, off the path between
  // two files. A read's failure is kept for its own step (the catch only keeps it from being
  // reported as unhandled before then).
  const reads = new Map<number, Promise<SqlStatement[]>>();
  const statementsAt = (index: number): Promise<SqlStatement[]> => {
    let read = reads.get(index);
    if (!read) {
      read = readFile(migrations[index]!.path).then(statementsOf);
      read.catch(() => undefined);
      reads.set(index, read);
    }
    return read;
  };
  const steps = migrations.map((migration, index): SqlStep => ({
    title: `Applying migration ${migration.file}...`,
    run: async () => {
      try {
        const statements = await statementsAt(index);
        reads.delete(index);
        if (index + 1 < migrations.length) void statementsAt(index + 1);
        await step(`apply ${migration.file}`, async () => {
          const history = { version: migration.version, name: migration.name };
          await runMigrationScript(client, statements, history, { historyReady: historyReady && !namesHistorySchema(statements) });
          historyReady = true;
          options.onApplied?.(migration);
        }, { migration: migration.version, backendPid });
        result.applied.push(migration.file);
      } catch (err) {
        result.failed = { file: migration.file, error: scriptError(`failed to apply migration ${migration.file}`, err) };
        throw result.failed.error;
      }
    },
  }));
  try {
    await runSqlSteps(steps, notice);
  } catch (err) {
    // A file's failure is the result's; anything else (listr2 itself) is not ours to swallow.
    if (!result.failed) throw err;
  }
  return result;
}

/** How a script's history row is written. */
export interface ScriptOptions {
  /**
   * The history table stands as its DDL leaves it (made by an earlier file of this run, which no
   * file since touched): the batch skips the DDL. The original runs it before every insert; in a
   * run of 1,000 files those 4,000 statements, each firing the event triggers, were a fifth of the
   * server's time, and they change nothing once the table is there.
   */
  historyReady?: boolean;
}

/**
 * The one function that sends a script's statements. With `history`, the version row (its
 * statements filled in from the script) is written in the same transaction as the tail of the
 * script. A file made of one statement that cannot run in a transaction is sent alone first.
 */
export async function runMigrationScript(client: pg.Client, statements: SqlStatement[], history?: HistoryKey, options: ScriptOptions = {}): Promise<void> {
  const record = async (): Promise<void> => {
    if (!history) return;
    await ensureHistoryTable(client);
    await insertHistoryRows(client, [{ ...history, statements: statements.map((s) => s.text) }]);
  };
  if (statements.length > 0 && statements.every((statement) => !isNonTransactional(statement.head) && !opensTransaction(statement.head) && !closesTransaction(statement.head))) {
    await runAsOneBatch(client, statements, history, options.historyReady === true);
    return;
  }
  if (statements.length === 1 && isNonTransactional(statements[0]!.head)) {
    await send(client, statements[0]!, 0);
    await inTransaction(client, record);
    return;
  }
  let open = false;
  try {
    for (const [index, statement] of statements.entries()) {
      if (!open && !opensTransaction(statement.head)) await client.query('BEGIN');
      open = true;
      await send(client, statement, index);
      if (closesTransaction(statement.head)) open = false;
    }
    if (!open) await client.query('BEGIN');
    open = true;
    await record();
    await client.query('COMMIT');
  } catch (err) {
    if (open) await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/**
 * A script that leaves transactions to us goes to the server as one simple-protocol query:
 * BEGIN, its statements, the history row, COMMIT. One round trip instead of one per statement,
 * with the same outcome: all of it or none. Statements are joined with a newline before each `;`
 * so a trailing line comment cannot swallow the separator. On failure the batch is rolled back and
 * replayed statement by statement in a transaction that is rolled back too, only to name the
 * statement that fails, as the original's "At statement <i>" does.
 */
async function runAsOneBatch(client: pg.Client, statements: SqlStatement[], history: HistoryKey | undefined, historyReady: boolean): Promise<void> {
  const parts = ['BEGIN', ...statements.map((statement) => statement.text)];
  if (history) parts.push(...(historyReady ? [] : HISTORY_DDL), insertHistoryLiteral(client, history, statements));
  parts.push('COMMIT');
  try {
    await client.query(parts.join('\n;\n'));
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw await locateFailure(client, statements, err);
  }
}

/** The history row's columns, checked against the table's interface at compile time. */
const HISTORY_COLUMNS = ['version', 'name', 'statements'] as const satisfies ReadonlyArray<keyof SchemaMigrationsTable>;

/**
 * The history insert with its values inlined as literals. Raw SQL: it travels inside the
 * migration's one simple-protocol batch, which takes no parameters, and building it here keeps
 * kysely's load off `db reset`; the table and column names come from the typed interface.
 */
function insertHistoryLiteral(client: pg.Client, history: HistoryKey, statements: SqlStatement[]): string {
  const texts = statements.map((statement) => client.escapeLiteral(statement.text));
  const array = texts.length > 0 ? `ARRAY[${texts.join(', ')}]::text[]` : "'{}'::text[]";
  return `INSERT INTO ${HISTORY_TABLE}(${HISTORY_COLUMNS.join(', ')}) VALUES(${client.escapeLiteral(history.version)}, ${client.escapeLiteral(history.name)}, ${array})`;
}

const HISTORY_SCHEMA = HISTORY_TABLE.slice(0, HISTORY_TABLE.indexOf('.'));

/**
 * Whether a script names the history table's schema anywhere (a drop, a rename, a grant): it may
 * have changed the table, so its own batch runs the DDL again after its statements, as the
 * original's does for every file.
 */
function namesHistorySchema(statements: SqlStatement[]): boolean {
  return statements.some((statement) => statement.text.toLowerCase().includes(HISTORY_SCHEMA));
}

/** Replays `statements` one by one inside a rolled-back transaction and names the one that fails. */
async function locateFailure(client: pg.Client, statements: SqlStatement[], batchError: unknown): Promise<unknown> {
  let located: unknown = batchError;
  try {
    await client.query('BEGIN');
    for (const [index, statement] of statements.entries()) await send(client, statement, index);
  } catch (err) {
    located = err instanceof StatementError ? err : batchError;
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
  }
  return located;
}

/**
 * The statements of a script file's bytes. Bytes that are not UTF-8 fail as the server fails them
 * when the original sends the file: SQLSTATE 22021 at the statement that holds them, before
 * anything is sent.
 */
export function statementsOf(bytes: Uint8Array): SqlStatement[] {
  try {
    return scanStatements(decodeSql(bytes));
  } catch (err) {
    if (!(err instanceof InvalidEncodingError)) throw err;
    const statements = scanStatements(err.text);
    const index = Math.max(0, statements.findLastIndex((statement) => statement.offset <= err.at));
    throw new StatementError(index, statements[index]?.text ?? '', err);
  }
}

/** Runs a whole script file (seed, roles) statement by statement in one transaction, outside the history. */
export async function runScript(client: pg.Client, bytes: Uint8Array, label: string): Promise<void> {
  try {
    await runMigrationScript(client, statementsOf(bytes));
  } catch (err) {
    throw scriptError(`failed to apply ${label}`, err);
  }
}

async function send(client: pg.Client, statement: SqlStatement, index: number): Promise<void> {
  try {
    await client.query(statement.text);
  } catch (err) {
    throw new StatementError(index, statement.text, err);
  }
}

/** "<prefix>: <pg error>\nAt statement <i>: <statement>", with the missing-extension or missing-module hint when it applies. */
export function scriptError(prefix: string, err: unknown): TaskError {
  const cause = err instanceof StatementError ? err.cause : err;
  const extension = missingExtension(cause);
  const text = err instanceof StatementError ? err.message : describeSqlError(err);
  return new TaskError(`${prefix}: ${text}`, extension ? missingExtensionSuggestion(extension) : unloadableModuleSuggestion(cause), { cause: err });
}
