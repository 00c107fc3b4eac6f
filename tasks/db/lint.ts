/**
 * `db lint` (facts §5.14): plpgsql_check over the non-trigger PL/pgSQL functions of some schemas,
 * inside a transaction that is always rolled back (the extension is created only for the check).
 */
import type pg from 'pg';
import { missingExtension } from './sql-error.js';
import { TaskError, messageOf } from '../task-error.js';

export interface LintIssue {
  level: string;
  message: string;
  statement?: { lineNumber: string; text: string };
  query?: { position: string; text: string };
  hint?: string;
  detail?: string;
  context?: string;
  sqlState?: string;
}

export interface LintResult {
  function: string;
  issues: LintIssue[];
}

const CHECK_SCHEMA = `SELECT p.proname, plpgsql_check_function(p.oid, format:='json') AS report
FROM pg_catalog.pg_namespace n
JOIN pg_catalog.pg_proc p ON p.pronamespace = n.oid
JOIN pg_catalog.pg_language l ON p.prolang = l.oid
WHERE l.lanname = 'plpgsql' AND p.prorettype <> 2279 AND n.nspname = $1::text`;

/** Lints `schemas`, calling `onSchema` before each; only functions with issues are returned. */
export async function lintSchemas(client: pg.Client, schemas: string[], onSchema: (schema: string) => void = () => undefined): Promise<LintResult[]> {
  await client.query('BEGIN');
  try {
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS plpgsql_check');
    } catch (err) {
      throw new TaskError(
        `failed to enable plpgsql_check: ${messageOf(err)}`,
        missingExtension(err)
          ? 'db lint needs the plpgsql_check extension on the database server: on Debian or Ubuntu, apt-get install postgresql-15-plpgsql-check.'
          : undefined,
        { cause: err },
      );
    }
    const results: LintResult[] = [];
    for (const schema of schemas) {
      onSchema(schema);
      const rows = await client.query<{ proname: string; report: string }>(CHECK_SCHEMA, [schema]);
      for (const row of rows.rows) {
        const issues = (JSON.parse(row.report) as { issues?: LintIssue[] }).issues ?? [];
        if (issues.length > 0) results.push({ function: `${schema}.${row.proname}`, issues: issues.map(withoutEmpty) });
      }
    }
    return results;
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
  }
}

/** The index of a level: `warning*` 0, `error*` 1, anything else -1 (matched by prefix, as the original). */
export function levelIndex(level: string): number {
  if (level.startsWith('warning')) return 0;
  if (level.startsWith('error')) return 1;
  return -1;
}

/** Keeps the issues at or above `minLevel`, and the functions that still have some. */
export function filterByLevel(results: LintResult[], minLevel: string): LintResult[] {
  const min = levelIndex(minLevel);
  return results
    .map((result) => ({ function: result.function, issues: result.issues.filter((issue) => levelIndex(issue.level) >= min) }))
    .filter((result) => result.issues.length > 0);
}

function withoutEmpty(issue: LintIssue): LintIssue {
  return Object.fromEntries(Object.entries(issue).filter(([, value]) => value !== undefined && value !== null && value !== '')) as unknown as LintIssue;
}
