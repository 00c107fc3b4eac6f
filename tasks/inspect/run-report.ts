/**
 * Running one `inspect db` report: connect, make sure the statistics it reads exist, run its one
 * query and turn the result into printable cells (the
 * original's Markdown table, null printed as `null`).
 */
import type { Client } from 'pg';
import pg from '../db/pg-driver.js';
import { sessionName } from '../db/session-name.js';
import { kyselyOn } from '../db/kysely.js';
import { reportColumns } from './report-columns.js';
import type { InspectDatabase, ReportDefinition, ReportOptions } from './report-types.js';
import { activityReports } from './activity-reports.js';
import { sizeReports } from './size-reports.js';
import { usageReports } from './usage-reports.js';
import { TaskError, messageOf } from '../task-error.js';

/** All 19 reports by command name, each with the headers report-columns.ts gives it. */
export const REPORTS: ReadonlyMap<string, ReportDefinition> = new Map(
  [...usageReports, ...activityReports, ...sizeReports].map((report) => [report.name, { ...report, columns: reportColumns(report.name) }]),
);

/** A report's outcome, ready to print as a table or as JSON. */
export interface ReportResult {
  name: string;
  columns: string[];
  /** Printable cells, one array per row, one cell per column. */
  cells: string[][];
  /** The values as the server returned them (every result column, nulls kept). */
  raw: unknown[][];
  /** Text to print after the table, if the report has any. */
  after?: string;
}

/** Collapses SQL text to one line and escapes `|`, so a statement fits in one table cell. */
export function oneLine(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

/** Prints a cell as the original does: null as `null`, everything else as text. */
function defaultFormat(value: unknown): string {
  return value === null || value === undefined ? 'null' : String(value);
}

/** Finds the schema holding `extension`, creating it in `extensions` when it is missing. */
async function extensionSchema(client: Client, extension: string): Promise<string> {
  const db = kyselyOn<InspectDatabase>(client);
  // The plain name: kysely quotes it where the report's query names the schema.
  const find = () => db.selectFrom('pg_catalog.pg_extension as e')
    .innerJoin('pg_catalog.pg_namespace as n', 'n.oid', 'e.extnamespace')
    .select('n.nspname as schema')
    .where('e.extname', '=', extension)
    .executeTakeFirst();
  let found = await find();
  if (!found) {
    await db.schema.createSchema('extensions').ifNotExists().execute();
    // Raw SQL: kysely's schema builder has no CREATE EXTENSION.
    await client.query(`CREATE EXTENSION IF NOT EXISTS ${extension} WITH SCHEMA extensions`);
    found = await find();
  }
  return found!.schema;
}

/** Runs a report on an open connection. */
export async function runReportOn(client: Client, report: ReportDefinition, host: string, options: ReportOptions = {}): Promise<ReportResult> {
  let schema: string | undefined;
  if (report.needsExtension) {
    try {
      schema = await extensionSchema(client, report.needsExtension);
    } catch (error) {
      throw new TaskError(
        `failed to enable ${report.needsExtension}: ${messageOf(error)}`,
        `The ${report.name} report reads ${report.needsExtension}; it must be in shared_preload_libraries.`,
        { cause: error },
      );
    }
  }
  const rows = await report.query(kyselyOn<InspectDatabase>(client), { options, extensionSchema: schema }).execute();
  // Values in the order the query selects them, which is the order of the report's columns.
  const raw = rows.map((row) => Object.values(row));
  const format = report.format ?? defaultFormat;
  const cells = raw.map((row) =>
    report.columns.map((_, column) => {
      const text = row[column] === null && !report.format ? 'null' : format(row[column], column);
      return report.queryColumns?.includes(column) ? oneLine(text) : text;
    }),
  );
  return { name: report.name, columns: report.columns, cells, raw, after: report.after?.(raw, { host }) };
}

/** Connects to `connectionString`, runs the named report and disconnects. */
export async function runReport(connectionString: string, name: string, options: ReportOptions = {}): Promise<ReportResult> {
  const report = REPORTS.get(name);
  if (!report) throw new TaskError(`unknown inspect report: ${name}`, `Use one of: ${[...REPORTS.keys()].join(', ')}.`);
  const client = new pg.Client({ connectionString, application_name: sessionName() });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new TaskError(`failed to connect to postgres: ${messageOf(error)}`, undefined, { cause: error });
  }
  try {
    return await runReportOn(client, report, new URL(connectionString).hostname, options);
  } finally {
    await client.end().catch(() => undefined);
  }
}
