/**
 * The form of one row, in a modal dialog: a field per writable column with its type, empty for a
 * new row, the row's values when editing. Only the fields a user changed are sent, so an edit
 * never rewrites the rest.
 */
import { useState } from 'react';
import { ModalForm } from '../components/modal-form';
import { cellText, type Row } from '../components/data-grid';
import { errorText } from '../http';
import type { TableMeta } from './table-meta';
import { columnValue } from './table-rows';
import { writableColumns } from './table-meta';

export function RowDialog(props: { table: TableMeta; row?: Row; onSave: (values: Row) => Promise<void>; onClose: () => void }) {
  const { table, row, onSave, onClose } = props;
  const columns = writableColumns(table);
  const initial = (name: string) => (row && row[name] !== null && row[name] !== undefined ? cellText(row[name]) : '');
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(columns.map((column) => [column.name, initial(column.name)])));

  /** The values to send; a field that does not parse as its column's JSON fails the submission. */
  function valuesOf(): Row {
    const values: Row = {};
    try {
      for (const column of columns) {
        const text = texts[column.name] ?? '';
        // A new row leaves empty fields to their defaults; an edit sends what changed.
        if (row ? text === initial(column.name) : text === '') continue;
        values[column.name] = columnValue(column, text);
      }
    } catch (cause) {
      throw new Error(`not valid JSON: ${errorText(cause)}`);
    }
    return values;
  }

  return (
    <ModalForm
      title={row ? `Edit row of ${table.name}` : `Insert a row into ${table.name}`}
      action={row ? 'Save row' : 'Insert row'}
      onSubmit={() => onSave(valuesOf())}
      onClose={onClose}
    >
      {columns.map((column) => (
        <div className="form-field" key={column.name}>
          <label htmlFor={`row-field-${column.name}`}>
            {column.name} <span className="type">{column.format}</span>
          </label>
          <input
            id={`row-field-${column.name}`}
            value={texts[column.name] ?? ''}
            onChange={(event) => setTexts({ ...texts, [column.name]: event.target.value })}
            placeholder={row ? '' : column.is_identity || column.default_value !== null ? 'default' : column.is_nullable ? 'NULL' : ''}
          />
        </div>
      ))}
    </ModalForm>
  );
}
