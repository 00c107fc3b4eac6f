/**
 * The triggers on the tables of a schema: the table, when they fire (timing, per row or statement,
 * on which events), the function they call and whether they are enabled (pg_trigger's modes: a
 * disabled trigger is the one a user most needs to see).
 */
import { DataGrid, type Row } from '../components/data-grid';
import { listTriggers, type TriggerMeta } from './db-meta';
import { LoadState } from './load-state';
import { useLoaded } from './use-loaded';

const COLUMNS = [{ name: 'name' }, { name: 'table' }, { name: 'timing' }, { name: 'events' }, { name: 'function' }, { name: 'enabled' }];

/** What each of pg_trigger's modes means to a user. */
const ENABLED: Record<string, string> = {
  ORIGIN: 'yes',
  ALWAYS: 'yes, also on replicas',
  REPLICA: 'on replicas only',
  DISABLED: 'no',
};

const rowOf = (trigger: TriggerMeta): Row => ({
  name: trigger.name,
  table: trigger.table,
  timing: `${trigger.activation} each ${trigger.orientation}`,
  events: trigger.events.join(' or '),
  function: `${trigger.function_schema}.${trigger.function_name}()`,
  enabled: ENABLED[trigger.enabled_mode] ?? trigger.enabled_mode,
});

export function TriggerList({ schema }: { schema: string }) {
  const { data, error, loading } = useLoaded(() => listTriggers(schema), [schema]);
  return (
    <>
      <LoadState error={error} loading={loading} />
      {data && data.length === 0 && <p className="hint">No triggers on the tables of {schema}.</p>}
      {data && data.length > 0 && <DataGrid label={`Triggers of ${schema}`} columns={COLUMNS} rows={data.map(rowOf)} />}
    </>
  );
}
