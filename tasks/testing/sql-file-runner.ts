/**
 * Running one test file and capturing its TAP: through psql when it is installed (so `\i`, `\ir`
 * and `\set` work, as under pg_prove), else through a plain connection for files without psql
 * meta-commands.
 */
import { spawn } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import pg from '../db/pg-driver.js';
import { sessionName } from '../db/session-name.js';
import { SYSTEM_PG15 } from '../native/pg-binaries.js';
import { TaskError } from '../task-error.js';
import { InvalidEncodingError, decodeSql } from '../db/sql-bytes.js';

/** What running one file produced. */
export interface FileRun {
  /** The TAP lines (query results, one value per line). */
  stdout: string;
  /** Errors and warnings, as psql prints them. */
  stderr: string;
  exitCode: number;
}

/** Finds a psql executable on PATH or in the system PostgreSQL 15 folder; undefined when absent. */
export async function findPsql(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  const dirs = [...(env.PATH ?? '').split(path.delimiter).filter(Boolean), SYSTEM_PG15.bin];
  for (const dir of dirs) {
    const candidate = path.join(dir, 'psql');
    if (await access(candidate, constants.X_OK).then(() => true, () => false)) return candidate;
  }
  return undefined;
}

/** Runs a file with psql the way pg_prove does: no psqlrc, unaligned, tuples only, stop on error. */
export function runWithPsql(psql: string, file: string, cwd: string, pgEnv: Record<string, string>, env: NodeJS.ProcessEnv = process.env): Promise<FileRun> {
  const args = ['-X', '-q', '-A', '-t', '--pset', 'pager=off', '-v', 'ON_ERROR_STOP=1', '-f', file];
  return new Promise((resolve, reject) => {
    const child = spawn(psql, args, { cwd, env: { ...env, ...pgEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ stdout, stderr, exitCode: code ?? (signal ? 128 : 1) }));
  });
}

const META_COMMAND = /^\s*\\[a-z!?]/im;

/**
 * Runs a file over one connection without psql. Only plain SQL can run this way: a meta-command
 * such as `\i` needs psql, and saying so beats sending it to the server as SQL.
 */
export async function runWithoutPsql(file: string, connectionString: string): Promise<FileRun> {
  let sql: string;
  try {
    sql = decodeSql(await readFile(file));
  } catch (err) {
    if (!(err instanceof InvalidEncodingError)) throw err;
    // What psql shows when the server refuses the file's bytes; nothing of the file ran.
    return { stdout: '', stderr: `psql:${path.basename(file)}: ERROR:  ${err.message}\n`, exitCode: 3 };
  }
  const meta = META_COMMAND.exec(sql);
  if (meta) {
    throw new TaskError(
      `${path.basename(file)} uses the psql meta-command ${meta[0].trim()}, but psql is not installed.`,
      'Install the PostgreSQL client (apt-get install postgresql-client-15) so that test files can use \\i, \\ir and \\set.',
    );
  }
  const client = new pg.Client({ connectionString, application_name: sessionName() });
  client.on('error', () => undefined);
  let stderr = '';
  client.on('notice', (notice) => (stderr += `psql:${path.basename(file)}: ${notice.severity ?? 'NOTICE'}:  ${notice.message}\n`));
  await client.connect();
  try {
    const outcome = await client.query(sql).then(
      (value) => ({ value, error: undefined }),
      (error: Error) => ({ value: undefined, error }),
    );
    const results = outcome.value === undefined ? [] : Array.isArray(outcome.value) ? outcome.value : [outcome.value];
    const lines = results.flatMap((result) => result.rows.map((row: Record<string, unknown>) => Object.values(row).map(String).join('|')));
    if (outcome.error) stderr += `psql:${path.basename(file)}: ERROR:  ${outcome.error.message}\n`;
    // A failed multi-statement query returns no rows at all, so the TAP before the error is lost.
    return { stdout: lines.map((line) => `${line}\n`).join(''), stderr, exitCode: outcome.error ? 3 : 0 };
  } finally {
    await client.end().catch(() => undefined);
  }
}
