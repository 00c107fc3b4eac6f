/**
 * What the table editor shows, as its address: `#/tables/<schema>/<table>` with the page, the
 * sort and the filter as parameters (`?page=2&sort=title.desc&filter=id&op=eq&value=1`). A reload
 * or a shared link opens the same rows, and Back returns to the table a foreign key was followed
 * from. The defaults are left out: `#/tables` is public with no table chosen.
 */
import type { GridSort } from '../components/data-grid';
import { hashOf, pageOf, pageParam, type HashRoute } from '../hash-route';
import type { RowFilter } from './row-filter';

export interface TableView {
  schema: string;
  /** The chosen table's name, when one is. */
  table?: string;
  /** Zero-based; the address counts from 1. */
  page: number;
  sort?: GridSort;
  filter?: RowFilter;
}

export const DEFAULT_SCHEMA = 'public';

/** The view a route of the table editor names; what it does not name, or names wrongly, is the default. */
export function tableViewOf(route: HashRoute): TableView {
  const [schema = DEFAULT_SCHEMA, table] = route.path;
  // The direction is the last dot's suffix: a column's name may hold dots of its own.
  const sorted = /^(.+)\.(asc|desc)$/.exec(route.params.get('sort') ?? '');
  const column = route.params.get('filter');
  const operator = route.params.get('op');
  return {
    schema,
    table,
    page: pageOf(route.params),
    sort: sorted ? { column: sorted[1]!, ascending: sorted[2] === 'asc' } : undefined,
    filter: column && operator ? { column, operator, value: route.params.get('value') ?? '' } : undefined,
  };
}

/** The address of a view. */
export function tableAddress(view: TableView): string {
  const path = view.table !== undefined ? [view.schema, view.table] : view.schema === DEFAULT_SCHEMA ? [] : [view.schema];
  return hashOf('tables', path, {
    page: pageParam(view.page),
    sort: view.sort ? `${view.sort.column}.${view.sort.ascending ? 'asc' : 'desc'}` : '',
    filter: view.filter?.column ?? '',
    op: view.filter?.operator ?? '',
    value: view.filter?.value ?? '',
  });
}
