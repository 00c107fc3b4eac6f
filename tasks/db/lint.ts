/**
 * `db lint`, as the original: plpgsql_check over the non-trigger PL/pgSQL functions of some schemas,
 * inside a transaction that is always rolled back (the extension is created only for the check).
 */
import type pg from 'pg';
import type { SystemCatalogs } from './catalog/system-catalogs.js';
import { kyselyOn, sql } from './kysely.js';
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

/** The pg_type oid of `trigger`: trigger functions can only be checked with their table. */
const TRIGGER_TYPE = 2279;

/** Lints `schemas`, calling `onSchema` before each; only functions with issues are returned. */
export async function lintSchemas(client: pg.Client, schemas: string[], onSchema: (schema: string) => void = () => undefined): Promise<LintResult[]> {
  // Always rolled back: the extension exists only for the check.
  const trx = await kyselyOn<SystemCatalogs>(client).startTransaction().execute();
  try {
    try {
      // Raw SQL: kysely's schema builder has no CREATE EXTENSION.
      await sql`CREATE EXTENSION IF NOT EXISTS plpgsql_check`.execute(trx);
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
      const rows = await trx.selectFrom('pg_catalog.pg_namespace as n')
        .innerJoin('pg_catalog.pg_proc as p', 'p.pronamespace', 'n.oid')
        .innerJoin('pg_catalog.pg_language as l', 'p.prolang', 'l.oid')
        // Raw SQL: the report format is passed by name (format := 'json'), which eb.fn cannot write.
        .select(['p.proname', sql<string>`plpgsql_check_function(${sql.ref('p.oid')}, format := 'json')`.as('report')])
        .where('l.lanname', '=', 'plpgsql')
        .where('p.prorettype', '<>', TRIGGER_TYPE)
        .where('n.nspname', '=', schema)
        .execute();
      for (const row of rows) {
        const issues = (JSON.parse(row.report) as { issues?: LintIssue[] }).issues ?? [];
        if (issues.length > 0) results.push({ function: `${schema}.${row.proname}`, issues: issues.map(withoutEmpty) });
      }
    }
    return results;
  } finally {
    await trx.rollback().execute().catch(() => undefined);
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
