/**
 * The form of one row, in a modal dialog (the browser's <dialog>: focus stays inside, Escape
 * closes it): a field per writable column with its type, empty for a new row, the row's values
 * when editing. Only the fields a user changed are sent, so an edit never rewrites the rest.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { cellText, type Row } from '../components/data-grid';
import type { TableMeta } from './table-meta';
import { columnValue } from './table-rows';
import { writableColumns } from './table-meta';

export function RowDialog(props: { table: TableMeta; row?: Row; onSave: (values: Row) => Promise<void>; onClose: () => void }) {
  const { table, row, onSave, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const columns = writableColumns(table);
  const initial = (name: string) => (row && row[name] !== null && row[name] !== undefined ? cellText(row[name]) : '');
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(columns.map((column) => [column.name, initial(column.name)])));
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const values: Row = {};
    try {
      for (const column of columns) {
        const text = texts[column.name] ?? '';
        // A new row leaves empty fields to their defaults; an edit sends what changed.
        if (row ? text === initial(column.name) : text === '') continue;
        values[column.name] = columnValue(column, text);
      }
    } catch (cause) {
      setError(`not valid JSON: ${cause instanceof Error ? cause.message : String(cause)}`);
      return;
    }
    setSaving(true);
    try {
      await onSave(values);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
      setSaving(false);
    }
  }

  const title = row ? `Edit row of ${table.name}` : `Insert a row into ${table.name}`;
  return (
    <dialog ref={dialog} aria-labelledby="row-dialog-title" onClose={onClose}>
      <form onSubmit={submit}>
        <h2 id="row-dialog-title">{title}</h2>
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
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="toolbar">
          <button type="submit" className="primary" disabled={saving}>
            {row ? 'Save row' : 'Insert row'}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
