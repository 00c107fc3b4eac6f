/**
 * A table's rows through the native REST API (PostgREST's contract) as the service role: a page
 * with its exact count, and one row inserted, updated or deleted by its primary key. The schema
 * goes in the profile headers, so a schema the API does not expose answers with PostgREST's own
 * sentence (add it to `[api] schemas`).
 */
import type { Row } from '../components/data-grid';
import type { StudioConfig } from '../config';
import { rest } from '../http';
import { filterParam, type RowFilter } from './row-filter';
import type { ColumnMeta, TableMeta } from './table-meta';

/** Rows per page. */
export const PAGE_SIZE = 50;

export interface RowPage {
  rows: Row[];
  /** All rows of the table, from `Content-Range` (`0-49/123`). */
  total: number;
}

const tablePath = (table: TableMeta) => encodeURIComponent(table.name);

/** One page of the rows `filter` keeps, ordered by `order` (then by the primary key, so pages do not overlap). */
export async function fetchRows(
  config: StudioConfig,
  table: TableMeta,
  page: number,
  order?: { column: string; ascending: boolean },
  filter?: RowFilter,
): Promise<RowPage> {
  const terms = [...(order ? [`${order.column}.${order.ascending ? 'asc' : 'desc'}`] : []), ...table.primary_keys.filter((key) => key.name !== order?.column).map((key) => `${key.name}.asc`)];
  const query = new URLSearchParams({ select: '*', limit: String(PAGE_SIZE), offset: String(page * PAGE_SIZE) });
  if (terms.length > 0) query.set('order', terms.join(','));
  if (filter) query.append(...filterParam(filter));
  const { data, headers } = await rest<Row[]>(config, `${tablePath(table)}?${query}`, { schema: table.schema, prefer: 'count=exact' });
  const total = Number(/\/(\d+)$/.exec(headers.get('content-range') ?? '')?.[1] ?? data.length);
  return { rows: data, total };
}

/** The filter that picks one row: `<key>=eq.<value>` for each primary key column. */
function rowFilter(table: TableMeta, row: Row): string {
  return table.primary_keys.map((key) => `${encodeURIComponent(key.name)}=eq.${encodeURIComponent(String(row[key.name]))}`).join('&');
}

/**
 * A form's text as the JSON value of a column: json and jsonb parsed, everything else sent as
 * text for the database to cast (PostgREST's json_populate_record does), empty for a nullable
 * column that is not text meaning NULL.
 */
export function columnValue(column: ColumnMeta, text: string): unknown {
  if (text === '' && column.is_nullable && !['text', 'varchar', 'bpchar'].includes(column.format)) return null;
  if (column.format === 'json' || column.format === 'jsonb') return JSON.parse(text) as unknown;
  return text;
}

/** Inserts a row; the database fills what it leaves out. */
export async function insertRow(config: StudioConfig, table: TableMeta, values: Row): Promise<void> {
  await rest(config, tablePath(table), { method: 'POST', schema: table.schema, body: values, prefer: 'return=minimal' });
}

/** Updates the row `row` with `values`. */
export async function updateRow(config: StudioConfig, table: TableMeta, row: Row, values: Row): Promise<void> {
  await rest(config, `${tablePath(table)}?${rowFilter(table, row)}`, { method: 'PATCH', schema: table.schema, body: values, prefer: 'return=minimal' });
}

/** Deletes the row `row`. */
export async function deleteRow(config: StudioConfig, table: TableMeta, row: Row): Promise<void> {
  await rest(config, `${tablePath(table)}?${rowFilter(table, row)}`, { method: 'DELETE', schema: table.schema, prefer: 'return=minimal' });
}
