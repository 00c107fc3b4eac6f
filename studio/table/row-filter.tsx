/**
 * The table editor's filter: one column, one of PostgREST's operators and a value, applied as the
 * query parameter `<column>=<operator>.<value>` (PostgREST's horizontal filtering), so the count
 * and the pages are the filtered rows'.
 */
import { useId, useState, type FormEvent } from 'react';

/** A filter in force. */
export interface RowFilter {
  column: string;
  operator: string;
  value: string;
}

/** PostgREST operators offered, with what the user reads. */
const OPERATORS: ReadonlyArray<[string, string]> = [
  ['eq', 'equals'],
  ['neq', 'does not equal'],
  ['gt', 'greater than'],
  ['lt', 'less than'],
  ['ilike', 'matches (ilike, * for any text)'],
  ['is', 'is (null, true, false)'],
];

/** The filter as a query parameter pair. */
export function filterParam(filter: RowFilter): [string, string] {
  return [filter.column, `${filter.operator}.${filter.value}`];
}

export function RowFilterForm({ columns, filter, onChange }: { columns: readonly string[]; filter?: RowFilter; onChange: (filter?: RowFilter) => void }) {
  const id = useId();
  const [column, setColumn] = useState(filter?.column ?? columns[0] ?? '');
  const [operator, setOperator] = useState(filter?.operator ?? 'eq');
  const [value, setValue] = useState(filter?.value ?? '');

  function apply(event: FormEvent) {
    event.preventDefault();
    onChange({ column, operator, value });
  }

  return (
    <form className="toolbar" onSubmit={apply} aria-label="Filter rows">
      <div>
        <label htmlFor={`${id}-column`}>Filter column</label>
        <select id={`${id}-column`} value={column} onChange={(event) => setColumn(event.target.value)}>
          {columns.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-operator`}>Operator</label>
        <select id={`${id}-operator`} value={operator} onChange={(event) => setOperator(event.target.value)}>
          {OPERATORS.map(([code, text]) => (
            <option key={code} value={code}>
              {text}
            </option>
          ))}
        </select>
      </div>
      <div className="grow">
        <label htmlFor={`${id}-value`}>Value</label>
        <input id={`${id}-value`} value={value} onChange={(event) => setValue(event.target.value)} />
      </div>
      <button type="submit">Apply filter</button>
      <button type="button" disabled={!filter} onClick={() => (setValue(''), onChange(undefined))}>
        Clear filter
      </button>
    </form>
  );
}
