/**
 * Table editor: the schemas and tables postgres-meta lists, the selected table's rows a page at a
 * time through the native REST API (sorted by a column header, filtered, the column types under
 * the names, a foreign key's value a link to the row it points at), and a row inserted, edited or
 * deleted as the service role. Which table, page, sort and filter is the address (table-address.ts).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DataGrid, type Row } from '../components/data-grid';
import { ErrorAlert, StatusLine } from '../components/messages';
import { Pager } from '../components/pager';
import { SchemaSelect, useSchemas } from '../components/schema-select';
import { ServiceNotice } from '../components/service-notice';
import { navigate, parseHash, useHash } from '../hash-route';
import { errorText, rest } from '../http';
import type { StudioConfig } from '../config';
import { listTables, outgoingKeys, type RelationshipMeta, type TableMeta } from '../table/table-meta';
import { deleteRow, fetchRows, insertRow, PAGE_SIZE, updateRow, type RowPage } from '../table/table-rows';
import { RowDialog } from '../table/row-dialog';
import { RowFilterForm } from '../table/row-filter';
import { tableAddress, tableViewOf, type TableView } from '../table/table-address';

export function TableEditor({ config }: { config: StudioConfig }) {
  // The schema, table, page, sort and filter are the address (table-address.ts); the rest is state.
  const hash = useHash();
  const view = useMemo(() => tableViewOf(parseHash(hash)), [hash]);
  const { schema, page, sort, filter } = view;
  const [tables, setTables] = useState<TableMeta[]>();
  const [rows, setRows] = useState<RowPage>();
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<{ row?: Row }>();
  const schemas = useSchemas((cause) => setError(errorText(cause)));
  const table = view.table === undefined ? undefined : tables?.find((item) => item.name === view.table);

  useEffect(() => {
    setTables(undefined);
    listTables(schema).then(setTables, (cause: unknown) => setError(errorText(cause)));
  }, [schema]);

  // What was said about one table is not news on another.
  useEffect(() => setStatus(''), [schema, view.table]);

  const load = useCallback(async () => {
    if (!table) return;
    try {
      setRows(await fetchRows(config, table, page, sort, filter));
      setError('');
    } catch (cause) {
      setRows(undefined);
      setError(errorText(cause));
    }
  }, [config, table, page, sort, filter]);

  useEffect(() => {
    void load();
  }, [load]);

  /** The same table seen another way (sort, filter, page): the address is rewritten, not added to. */
  const reshow = (changes: Partial<TableView>) => navigate(tableAddress({ ...view, ...changes }), { replace: true });

  /** Opens the row a foreign key points at: its table, filtered on the referenced column. Back returns here. */
  function follow(key: RelationshipMeta, value: unknown) {
    const filter = { column: key.target_column_name, operator: 'eq', value: String(value) };
    navigate(tableAddress({ schema: key.target_table_schema, table: key.target_table_name, page: 0, filter }));
  }

  function sortBy(column: string) {
    reshow({ sort: sort?.column === column ? { column, ascending: !sort.ascending } : { column, ascending: true }, page: 0 });
  }

  async function remove(row: Row) {
    if (!table || !confirm(`Delete this row of ${table.name}?`)) return;
    try {
      await deleteRow(config, table, row);
      setStatus('Row deleted');
      await load();
    } catch (cause) {
      setError(errorText(cause));
    }
  }

  async function save(values: Row) {
    if (!table) return;
    if (editing?.row) await updateRow(config, table, editing.row, values);
    else await insertRow(config, table, values);
    setStatus(editing?.row ? 'Row saved' : 'Row inserted');
    setEditing(undefined);
    await load();
  }

  const keyed = (table?.primary_keys.length ?? 0) > 0;
  const foreignKeys = table ? outgoingKeys(table) : new Map<string, RelationshipMeta>();
  const columns = (table?.columns ?? []).map((column) => ({ name: column.name, type: column.format }));
  const last = rows ? Math.min((page + 1) * PAGE_SIZE, rows.total) : 0;

  return (
    <>
      {/* REST's root (its OpenAPI document) only tells whether the API serves REST at all; a GET,
          since a HEAD's answer would carry no words to show. */}
      <ServiceNotice probe={() => rest(config, '')} />
      <div className="split">
        <div>
          <SchemaSelect value={schema} schemas={schemas} onChange={(next) => navigate(tableAddress({ schema: next, page: 0 }), { replace: true })} />
          <h2 id="table-list">Tables</h2>
          {tables === undefined ? (
            !error && <p className="hint">Loading…</p>
          ) : tables.length === 0 ? (
            <p className="hint">No tables in {schema}. Create one in the SQL editor.</p>
          ) : (
            <ul className="list" aria-labelledby="table-list">
              {tables.map((item) => (
                <li key={item.id}>
                  <a href={tableAddress({ schema, table: item.name, page: 0 })} aria-current={item.name === view.table ? 'page' : undefined}>
                    {item.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <section aria-label={table ? `Rows of ${table.schema}.${table.name}` : 'Rows'}>
          <ErrorAlert text={error} />
          {view.table === undefined && <p className="hint">Choose a table to see its rows.</p>}
          {view.table !== undefined && tables !== undefined && !table && (
            <p className="hint">
              There is no table {view.table} in {schema}.
            </p>
          )}
          {table && (
            <>
              <div className="toolbar">
                <h2 className="grow">
                  {table.schema}.{table.name}
                </h2>
                <button type="button" className="primary" onClick={() => setEditing({})}>
                  Insert row
                </button>
                <button type="button" onClick={() => void load()}>
                  Refresh
                </button>
              </div>
              <RowFilterForm
                key={`${table.id}:${filter?.column}:${filter?.operator}:${filter?.value}`}
                columns={columns.map((column) => column.name)}
                filter={filter}
                onChange={(next) => reshow({ filter: next, page: 0 })}
              />
              {!keyed && <p className="notice">This table has no primary key, so its rows cannot be edited or deleted here.</p>}
              <StatusLine text={status} />
              {rows && (
                <>
                  <DataGrid
                    label={`Rows of ${table.name}`}
                    columns={columns}
                    rows={rows.rows}
                    sort={sort}
                    onSort={sortBy}
                    cell={(row, column) => {
                      const key = foreignKeys.get(column);
                      const value = row[column];
                      if (!key || value === null || value === undefined) return undefined;
                      return (
                        <button type="button" className="link" onClick={() => follow(key, value)} aria-label={`Open the ${key.target_table_name} row where ${key.target_column_name} is ${String(value)}`}>
                          {String(value)} →
                        </button>
                      );
                    }}
                    actions={
                      keyed
                        ? (row, index) => (
                            <span className="toolbar">
                              <button type="button" onClick={() => setEditing({ row })} aria-label={`Edit row ${page * PAGE_SIZE + index + 1}`}>
                                Edit
                              </button>
                              <button type="button" className="danger" onClick={() => void remove(row)} aria-label={`Delete row ${page * PAGE_SIZE + index + 1}`}>
                                Delete
                              </button>
                            </span>
                          )
                        : undefined
                    }
                  />
                  <Pager
                    label="Pages"
                    summary={rows.total === 0 ? 'No rows' : `Rows ${page * PAGE_SIZE + 1}–${last} of ${rows.total}`}
                    hasPrevious={page > 0}
                    hasNext={last < rows.total}
                    onMove={(step) => reshow({ page: page + step })}
                  />
                </>
              )}
            </>
          )}
        </section>
        {editing && table && <RowDialog table={table} row={editing.row} onSave={save} onClose={() => setEditing(undefined)} />}
      </div>
    </>
  );
}
