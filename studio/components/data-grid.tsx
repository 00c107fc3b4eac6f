/**
 * Rows as a table: one column per field, a cell's value shown as text (NULL set apart, objects as
 * JSON), in a scrolling region the keyboard can reach. Column headers may carry a type and sort
 * on click; a caller may draw some cells itself, and an optional last column holds per-row actions.
 */
import type { ReactNode } from 'react';

export type Row = Record<string, unknown>;

export interface GridColumn {
  name: string;
  /** Shown under the name (the table editor's column types). */
  type?: string;
}

/** The current sort of a sortable grid. */
export interface GridSort {
  column: string;
  ascending: boolean;
}

/** A cell's text: what psql would print, roughly. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The columns of rows that carry no column list (the SQL editor's results): the first row's keys. */
export function columnsOf(rows: readonly Row[]): GridColumn[] {
  return Object.keys(rows[0] ?? {}).map((name) => ({ name }));
}

export function DataGrid(props: {
  label: string;
  columns: readonly GridColumn[];
  rows: readonly Row[];
  sort?: GridSort;
  onSort?: (column: string) => void;
  actions?: (row: Row, index: number) => ReactNode;
  /** What a cell shows instead of its text (the table editor's foreign keys); undefined: the text. */
  cell?: (row: Row, column: string) => ReactNode | undefined;
}) {
  const { label, columns, rows, sort, onSort, actions, cell } = props;
  return (
    <div className="grid-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="grid">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = sort?.column === column.name ? (sort.ascending ? 'ascending' : 'descending') : undefined;
              return (
                <th key={column.name} scope="col" aria-sort={onSort ? (sorted ?? 'none') : undefined}>
                  {onSort ? (
                    <button type="button" onClick={() => onSort(column.name)}>
                      {column.name} {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : ''}
                    </button>
                  ) : (
                    column.name
                  )}
                  {column.type && <span className="type">{column.type}</span>}
                </th>
              );
            })}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((column) => {
                const value = row[column.name];
                return (
                  <td key={column.name} className={value === null || value === undefined ? 'null' : undefined} title={cellText(value)}>
                    {cell?.(row, column.name) ?? cellText(value)}
                  </td>
                );
              })}
              {actions && <td>{actions(row, index)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
