/**
 * Database: the objects of the local database that the table editor does not show (functions,
 * triggers, policies, extensions, roles) and the migration history with its files, one view at a
 * time behind a row of links; the views that belong to a schema share one schema choice. The view
 * and the schema are the address (`#/database/triggers?schema=auth`), so a reload or a shared link
 * opens them again, Back returns to the view before, and a view opens in a tab of its own from its
 * link as any page's does. Everything is read from postgres-meta, as the other sections read it.
 */
import { useState, type ReactNode } from 'react';
import { SchemaSelect, useSchemas } from '../components/schema-select';
import { ServiceNotice } from '../components/service-notice';
import type { StudioConfig } from '../config';
import { ExtensionList } from '../database/extension-list';
import { FunctionList } from '../database/function-list';
import { MigrationHistory } from '../database/migration-history';
import { PolicyList } from '../database/policy-list';
import { RoleList } from '../database/role-list';
import { TriggerList } from '../database/trigger-list';
import { hashOf, navigate, parseHash, useHash } from '../hash-route';
import { pgMeta } from '../http';

interface View {
  id: string;
  title: string;
  /** Whether the view lists one schema's objects. */
  perSchema: boolean;
  render: (schema: string, schemas: readonly string[]) => ReactNode;
}

const VIEWS: readonly View[] = [
  { id: 'functions', title: 'Functions', perSchema: true, render: (schema) => <FunctionList schema={schema} /> },
  { id: 'triggers', title: 'Triggers', perSchema: true, render: (schema) => <TriggerList schema={schema} /> },
  { id: 'policies', title: 'Policies', perSchema: true, render: (schema) => <PolicyList schema={schema} /> },
  { id: 'extensions', title: 'Extensions', perSchema: false, render: (_schema, schemas) => <ExtensionList schemas={schemas} /> },
  { id: 'roles', title: 'Roles', perSchema: false, render: () => <RoleList /> },
  { id: 'migrations', title: 'Migrations', perSchema: false, render: () => <MigrationHistory /> },
];

const DEFAULT_SCHEMA = 'public';

/** The address of a view and schema; the default schema is left out, so `#/database/roles` reads as it is. */
const addressOf = (view: View, schema: string) => hashOf('database', [view.id], { schema: schema === DEFAULT_SCHEMA ? '' : schema });

export function Database(_props: { config: StudioConfig }) {
  const route = parseHash(useHash());
  // An address naming no view, or one there is not, opens the first.
  const view = VIEWS.find((item) => item.id === route.path[0]) ?? VIEWS[0]!;
  // Kept on every view, as the choice the per-schema views share, so it outlives a visit to Roles.
  const schema = route.params.get('schema') || DEFAULT_SCHEMA;
  // The notice names an absent postgres-meta; the choice keeps `public` until then.
  const schemas = useSchemas();
  /** Bumped by Refresh: the view is made anew and loads again. */
  const [round, setRound] = useState(0);

  return (
    <>
      <ServiceNotice probe={() => pgMeta('query', 'POST', { query: 'select 1' })} />
      <nav aria-label="Database objects" className="toolbar views">
        {VIEWS.map((item) => (
          <a key={item.id} href={addressOf(item, schema)} aria-current={item.id === view.id ? 'page' : undefined}>
            {item.title}
          </a>
        ))}
      </nav>
      <section aria-labelledby="database-view">
        <div className="toolbar">
          <h2 id="database-view" className="grow">
            {view.title}
          </h2>
          {view.perSchema && <SchemaSelect value={schema} schemas={schemas} onChange={(next) => navigate(addressOf(view, next), { replace: true })} />}
          <button type="button" onClick={() => setRound(round + 1)}>
            Refresh
          </button>
        </div>
        {/* Keyed by view: each one loads afresh when opened, so what changed meanwhile shows. */}
        <div key={`${view.id}:${round}`}>{view.render(schema, schemas)}</div>
      </section>
    </>
  );
}
