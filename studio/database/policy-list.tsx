/**
 * Row level security of a schema, table by table: whether it is on (policies of a table without it
 * decide nothing), then each policy with its command, the roles it applies to and its USING and
 * WITH CHECK expressions in full, since the expression is the policy.
 */
import { listPolicies, type PolicyMeta, type TableRls } from './db-meta';
import { LoadState } from './load-state';
import { useLoaded } from './use-loaded';

function rlsWords(table: TableRls, policies: number): string {
  if (!table.rls_enabled) return policies > 0 ? 'Row level security is disabled: these policies do not apply, every role with a grant reads all rows.' : 'Row level security is disabled.';
  if (policies > 0) return `Row level security is enabled${table.rls_forced ? ', forced on the owner too' : ''}.`;
  const who = table.rls_forced ? 'roles that bypass row level security' : "the table's owner and roles that bypass row level security";
  return `Row level security is enabled with no policy: only ${who} see its rows.`;
}

function PolicyCard({ policy }: { policy: PolicyMeta }) {
  return (
    <li className="card">
      <h4>{policy.name}</h4>
      <dl className="facts">
        <dt>Command</dt>
        <dd>{policy.command}</dd>
        <dt>Kind</dt>
        <dd>{policy.action.toLowerCase()}</dd>
        <dt>Roles</dt>
        <dd>{policy.roles.join(', ')}</dd>
        <dt>USING</dt>
        <dd>{policy.definition === null ? <span className="null">none</span> : <code>{policy.definition}</code>}</dd>
        <dt>WITH CHECK</dt>
        <dd>{policy.check === null ? <span className="null">none</span> : <code>{policy.check}</code>}</dd>
      </dl>
    </li>
  );
}

export function PolicyList({ schema }: { schema: string }) {
  const { data, error, loading } = useLoaded(() => listPolicies(schema), [schema]);
  if (!data) return <LoadState error={error} loading={loading} />;
  if (data.tables.length === 0) return <p className="hint">No tables in {schema}.</p>;
  return (
    <>
      {data.tables.map((table) => {
        const policies = data.policies.filter((policy) => policy.table === table.name);
        const heading = `policies-${table.id}`;
        return (
          <section key={table.id} aria-labelledby={heading} className="table-policies">
            <h3 id={heading}>
              {schema}.{table.name}
            </h3>
            <p className={table.rls_enabled ? 'hint' : 'hint warn'}>{rlsWords(table, policies.length)}</p>
            {policies.length > 0 && (
              <ul className="cards" aria-label={`Policies of ${table.name}`}>
                {policies.map((policy) => (
                  <PolicyCard key={policy.id} policy={policy} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </>
  );
}
