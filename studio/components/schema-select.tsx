/**
 * The schema picker of the views that show one schema at a time (the table editor, the Database
 * section's per-schema views, the schema an extension is enabled into), and the schemas it offers:
 * postgres-meta's list, `public` until that list has come.
 */
import { useEffect, useId, useState } from 'react';
import { listSchemas } from '../table/table-meta';

/** The database's schemas; `onError` hears why postgres-meta could not list them. */
export function useSchemas(onError: (cause: unknown) => void = () => undefined): string[] {
  const [schemas, setSchemas] = useState<string[]>(['public']);
  useEffect(() => {
    listSchemas().then(setSchemas, onError);
    // Listed once a mount: a schema made meanwhile shows after the section is opened again.
  }, []);
  return schemas;
}

export function SchemaSelect(props: { value: string; schemas: readonly string[]; onChange: (schema: string) => void; className?: string }) {
  const { value, schemas, onChange, className } = props;
  const id = useId();
  // The chosen schema is always a choice: one to be made (`extensions`), or one an address names
  // before the list has come, which a select without it would show as another.
  const choices = schemas.includes(value) ? schemas : [value, ...schemas];
  return (
    <div className={className}>
      <label htmlFor={id}>Schema</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {choices.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </select>
    </div>
  );
}
