/** The shape of an `inspect db` report definition: one typed query, its columns, and how cells print. */
import type { Kysely } from 'kysely';
import type { StatisticsViews } from '../db/catalog/statistics-views.js';
import type { SystemCatalogs } from '../db/catalog/system-catalogs.js';
import type { ReportName } from './report-columns.js';

/** What the reports read: the system catalogs and the statistics views. */
export type InspectDatabase = SystemCatalogs & StatisticsViews;

/** Options that change what a report selects; only tests set them. */
export interface ReportOptions {
  /**
   * TEST ONLY: overrides the 5-minute age of `long-running-queries`, as a Postgres interval
   * (e.g. `'1 second'`), so its filter can be checked without a five-minute wait. Commands never set it.
   */
  testOnlyLongRunningThreshold?: string;
}

/** What a report's query is built with. */
export interface ReportContext {
  options: ReportOptions;
  /** The schema holding the extension the report needs, when it needs one. */
  extensionSchema?: string;
}

/** A query that runs and returns rows whose values follow the report's columns in order. */
export interface ReportQuery {
  execute(): Promise<Array<Record<string, unknown>>>;
}

/** A definition every report shares; the runner does the connecting and rendering. */
export interface ReportDefinition {
  /** The command name under `inspect db`. */
  name: ReportName;
  /** Header texts, exactly as the original prints them (from report-columns.ts). */
  columns: string[];
  /** The query; its selected values map to `columns` in order (extra ones only feed `after`). */
  query: (db: Kysely<InspectDatabase>, context: ReportContext) => ReportQuery;
  /** Extensions the query needs, created in schema `extensions` when missing. */
  needsExtension?: string;
  /** Columns holding SQL text, collapsed to one line for the table. */
  queryColumns?: number[];
  /** Prints a raw cell; defaults to String(value), with null as `null`. */
  format?: (value: unknown, column: number) => string;
  /** Text printed after the table (a footer, or a warning about the values); gets every result column. */
  after?: (rows: unknown[][], target: { host: string }) => string | undefined;
}

/** A report as its module writes it: everything but the headers, which report-columns.ts holds. */
export type ReportQueryDefinition = Omit<ReportDefinition, 'columns'>;

/** Schemas the size reports leave out, as the original does (and every pg_toast* schema). */
export const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema'];
export const TOAST_SCHEMAS = '^pg_toast';
