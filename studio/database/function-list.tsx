/**
 * The functions of a schema: name, arguments, return type, language and whose rights they run
 * with; choosing one shows its whole definition (`create or replace function ...`), which is what
 * a user copies into a migration.
 */
import { useState } from 'react';
import { DataGrid, type Row } from '../components/data-grid';
import { listFunctions, type FunctionMeta } from './db-meta';
import { LoadState } from './load-state';
import { useLoaded } from './use-loaded';

const COLUMNS = [{ name: 'name' }, { name: 'arguments' }, { name: 'returns' }, { name: 'language' }, { name: 'security' }];

/** `name(arguments)`, which tells overloads apart. */
const signature = (fn: FunctionMeta) => `${fn.name}(${fn.argument_types})`;

export function FunctionList({ schema }: { schema: string }) {
  const { data, error, loading } = useLoaded(() => listFunctions(schema), [schema]);
  const [chosen, setChosen] = useState<number>();
  const functions = data ?? [];
  const selected = functions.find((fn) => fn.id === chosen);

  const rows: Row[] = functions.map((fn) => ({
    name: fn.name,
    arguments: fn.argument_types || '(none)',
    returns: fn.return_type,
    language: fn.language,
    security: fn.security_definer ? 'definer' : 'invoker',
  }));

  return (
    <>
      <LoadState error={error} loading={loading} />
      {data && functions.length === 0 && <p className="hint">No functions in {schema}. Create one in the SQL editor.</p>}
      {functions.length > 0 && (
        <DataGrid
          label={`Functions of ${schema}`}
          columns={COLUMNS}
          rows={rows}
          actions={(_row, index) => {
            const fn = functions[index]!;
            return (
              <button type="button" aria-pressed={fn.id === chosen} onClick={() => setChosen(fn.id === chosen ? undefined : fn.id)} aria-label={`Definition of ${signature(fn)}`}>
                Definition
              </button>
            );
          }}
        />
      )}
      {selected && (
        <section aria-labelledby="function-definition">
          <h2 id="function-definition">
            {selected.schema}.{signature(selected)}
          </h2>
          <pre className="code" role="region" tabIndex={0} aria-label={`Definition of ${signature(selected)}`}>
            {selected.complete_statement}
          </pre>
        </section>
      )}
    </>
  );
}
