/**
 * Project settings / API: what a client of this local stack needs (URLs, keys, the JWT secret)
 * with copy buttons, and a supabase-js snippet filled in with them. The values are the ones
 * `supabase status` prints.
 */
import { CopyField } from '../components/copy-field';
import type { StudioConfig } from '../config';

/** The supabase-js lines for this stack (the anon key: the one that ships in client code). */
export function clientSnippet(config: StudioConfig): string {
  return [
    "import { createClient } from '@supabase/supabase-js'",
    '',
    `const supabaseUrl = '${config.apiUrl}'`,
    `const supabaseAnonKey = '${config.anonKey}'`,
    '',
    'export const supabase = createClient(supabaseUrl, supabaseAnonKey)',
  ].join('\n');
}

export function ApiSettings({ config }: { config: StudioConfig }) {
  return (
    <>
      <p>The local stack started by supabase start. These values are the ones supabase status prints.</p>
      <section aria-labelledby="api-urls">
        <h2 id="api-urls">URLs</h2>
        <CopyField label="API URL" value={config.apiUrl} />
        <CopyField label="GraphQL URL" value={config.graphqlUrl} />
        <CopyField label="DB URL" value={config.dbUrl} />
      </section>
      <section aria-labelledby="api-keys">
        <h2 id="api-keys">Keys</h2>
        <CopyField label="anon key" value={config.anonKey} />
        <p className="hint">Safe in a browser when Row Level Security is on for your tables.</p>
        <CopyField label="service_role key" value={config.serviceRoleKey} secret />
        <p className="hint">Bypasses Row Level Security: keep it on servers only.</p>
        <CopyField label="JWT secret" value={config.jwtSecret} secret />
      </section>
      <section aria-labelledby="api-client">
        <h2 id="api-client">supabase-js</h2>
        <CopyField label="Client snippet" value={clientSnippet(config)} multiline />
      </section>
    </>
  );
}
