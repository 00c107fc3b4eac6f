/** The shape of an `inspect db` report definition: one query, its columns, and how cells print. */

/** Options that change what a report selects; only tests set them. */
export interface ReportOptions {
  /**
   * TEST ONLY: overrides the 5-minute age of `long-running-queries`, as a Postgres interval
   * (e.g. `'1 second'`), so its filter can be checked without a five-minute wait. Commands never set it.
   */
  testOnlyLongRunningThreshold?: string;
}

/** A definition every report shares; the runner does the connecting and rendering. */
export interface ReportDefinition {
  /** The command name under `inspect db`. */
  name: string;
  /** Header texts, exactly as the original prints them. */
  columns: string[];
  /** The query; its result columns map to `columns` in order. */
  sql: string;
  /** Query parameters, from the options. */
  params?: (options: ReportOptions) => unknown[];
  /** Extensions the query needs, created in schema `extensions` when missing. */
  needsExtension?: string;
  /** Columns holding SQL text, collapsed to one line for the table. */
  queryColumns?: number[];
  /** Prints a raw cell; defaults to String(value), with null as `null`. */
  format?: (value: unknown, column: number) => string;
  /** Text printed after the table (a footer, or a warning about the values); gets every result column. */
  after?: (rows: unknown[][], target: { host: string }) => string | undefined;
}

/** Excludes system schemas from size reports, as the original does. */
export const USER_SCHEMAS = "n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_toast'";
