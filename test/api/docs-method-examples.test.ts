/**
 * The example runner of the docs site's client method pages: every supabase-js example of
 * docs-site/content/reference/javascript/<method>.mdx runs against a native stack started by the
 * built CLI, with the real @supabase/supabase-js 2.39.8 through the gateway (1.35.7 for the pages
 * under v1/), and must get exactly
 * the response its page shows. Each example starts from an empty public schema, then its own data
 * source (the page's SQL), so pages never depend on each other or on their order. A part of the
 * client with no method pages yet is listed as pending, by name. The stack's config.toml has
 * manual identity linking on and GitHub and a local Keycloak realm as providers, as the identity
 * pages tell their readers to set.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createClient as createClientV1 } from 'supabase-js-v1';
import pg from 'pg';
import { startCli, type BackgroundCli } from '../helpers/background-cli.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';
import { freePort } from '../integration/support/temp-project.js';
import { asShown, mailedLinkFrom, maskLike, methodPages, totp, type MethodExample, type MethodPage } from './support/method-examples.js';
import { REALM_CLIENT_ID, startOidcRealm, type OidcRealm } from './support/oidc-realm.js';

/** The parts of the client, as the pages' `part` names them and the sidebar orders them. */
const PARTS = ['client', 'database', 'functions', 'auth', 'storage', 'realtime'];

// Empties the public schema of what an earlier example made (not of extensions' objects), keeping
// the schema itself: its grants and default privileges are the bootstrap's.
const EMPTY_PUBLIC = `
do $empty$
declare
  statements text[];
  statement text;
begin
  -- Every statement is written before the first runs: a drop's cascade can take a function whose
  -- name would print as a bare oid by then.
  select array_agg(s) into statements from (
    select format('drop %s if exists public.%I cascade', case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end, c.relname)
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('e', 'i', 'a'))
    union all
    select format('drop routine if exists %s cascade', p.oid::regprocedure)
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    union all
    select format('drop type if exists public.%I cascade', t.typname)
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'public' and t.typtype in ('e', 'd', 'r') and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')
  ) as drops (s);
  foreach statement in array coalesce(statements, '{}') loop
    execute statement;
  end loop;
end
$empty$;`;

// The policies a Storage example made on storage's tables, which outlive the example's buckets.
const DROP_STORAGE_POLICIES = `
do $policies$
declare policy record;
begin
  for policy in select policyname, tablename from pg_policies where schemaname = 'storage' loop
    execute format('drop policy %I on storage.%I', policy.policyname, policy.tablename);
  end loop;
end
$policies$;`;

/** How long one example's code may take. */
const EXAMPLE_MS = 20_000;

/** Closes the example's channels: v2 names them channels, v1 subscriptions. */
function removeRealtime(supabase: SupabaseClient): Promise<unknown> {
  const v1 = supabase as unknown as { removeAllSubscriptions?: () => Promise<unknown> };
  return v1.removeAllSubscriptions ? v1.removeAllSubscriptions() : supabase.removeAllChannels();
}

/**
 * A second schema the API exposes, for the examples of `schema()`: an example that uses it makes
 * it (its set-up shows how a project exposes one), and it is dropped before every example.
 */
const SECOND_SCHEMA = 'reporting';

/**
 * What the stack's config.toml gets beside the defaults, as the identity pages tell a reader to
 * set it: manual linking on (linkIdentity, unlinkIdentity), GitHub as a provider to link (its
 * authorize address is all the examples reach) and the runner's local Keycloak realm as the
 * provider of signInWithIdToken's tokens.
 */
function identityConfig(config: string, realmIssuer: string): string {
  return `${config.replace(/^enable_manual_linking = false$/m, 'enable_manual_linking = true')}
[auth.external.github]
enabled = true
client_id = "docs-examples-github"
secret = "docs-examples-github-secret"

[auth.external.keycloak]
enabled = true
client_id = "${REALM_CLIENT_ID}"
secret = "docs-examples-keycloak-secret"
url = "${realmIssuer}"
`;
}

type ExampleCode = (client: SupabaseClient, make: typeof createClient, code: typeof totp, mailedLink: (address: string) => Promise<string>, idToken: OidcRealm['idToken']) => Promise<unknown>;
const run = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => ExampleCode;

describe('the supabase-js examples of the docs\' method pages, against the native stack', function () {
  this.timeout(180_000);
  // v1's pages (content/reference/javascript/v1/) run with the v1 client they document.
  const pages = [...methodPages('javascript'), ...methodPages('javascript/v1')];
  let project: CliProject;
  let owner: pg.Client;
  let functionsServe: BackgroundCli | undefined;
  let keys: { url: string; anon: string; service_role: string };
  let mailedLink: (address: string) => Promise<string>;
  let examplesRun = 0;
  let realm: OidcRealm;

  /** A new client per example: a session one example signs in must not carry into the next. */
  const clientFor = (page: MethodPage, example: MethodExample): SupabaseClient =>
    page.route.startsWith('/reference/javascript/v1/')
      ? (createClientV1(keys.url, keys[example.client], { persistSession: false, autoRefreshToken: false }) as unknown as SupabaseClient)
      : createClient(keys.url, keys[example.client], { auth: { persistSession: false, autoRefreshToken: false, flowType: example.flow } });

  before(async () => {
    project = await cliProject('docs-examples');
    const config = path.join(project.root, 'supabase', 'config.toml');
    realm = await startOidcRealm();
    // A free API port: another stack on this machine may hold the default one.
    writeFileSync(config, identityConfig(readFileSync(config, 'utf8'), realm.issuer).replace(/^port = 54321$/m, `port = ${await freePort()}`).replace(/^schemas = \[(.*)\]$/m, `schemas = [$1, "${SECOND_SCHEMA}"]`));
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    const status = JSON.parse(project.run(['status', '-o', 'json']).stdout) as Record<string, string>;
    owner = new pg.Client({ connectionString: status.DB_URL });
    await owner.connect();
    keys = { url: status.API_URL!, anon: status.ANON_KEY!, service_role: status.SERVICE_ROLE_KEY! };
    mailedLink = mailedLinkFrom(status.INBUCKET_URL!);
    // The Edge Functions the examples call, served by `functions serve` on real Deno, as a project
    // serves its own.
    const functions = pages.flatMap((page) => page.examples).flatMap((example) => (example.edgeFunction ? [example.edgeFunction] : []));
    if (functions.length > 0) {
      for (const { name, source } of functions) {
        mkdirSync(path.join(project.root, 'supabase', 'functions', name), { recursive: true });
        writeFileSync(path.join(project.root, 'supabase', 'functions', name, 'index.ts'), source);
      }
      functionsServe = startCli(['functions', 'serve'], { cwd: project.root, env: project.env });
      await functionsServe.waitFor(/Serving functions on /, 60_000);
    }
  });
  after(async () => {
    await functionsServe?.stop();
    await owner?.end();
    project?.dispose();
    await realm?.close();
  });

  /**
   * Gives the example its data source and waits until REST's schema cache holds all of it: the
   * source ends with a function only this example makes, in the same transaction, so once the
   * API can call it the cache was read after everything the source made.
   */
  async function prepare(example: MethodExample, supabase: SupabaseClient): Promise<void> {
    const marker = `docs_example_${++examplesRun}`;
    if (example.edgeFunction) return;
    await owner.query(EMPTY_PUBLIC);
    await owner.query(`drop schema if exists ${SECOND_SCHEMA} cascade`);
    // The users of Auth examples, with their identities and sessions, and Storage's buckets.
    await owner.query('delete from auth.users; delete from storage.objects; delete from storage.buckets;');
    await owner.query(DROP_STORAGE_POLICIES);
    await owner.query(`begin;\n${example.setupSql}\n;create function public.${marker}() returns int language sql as 'select 1';\ncommit;`).catch(async (error: Error) => {
      await owner.query('rollback');
      throw new Error(`the data source of "${example.title}" failed: ${error.message}`);
    });
    for (const deadline = Date.now() + 15_000; ;) {
      const { error } = await supabase.rpc(marker);
      if (!error) return;
      if (Date.now() > deadline) throw new Error(`REST never saw the data source of "${example.title}": ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The example's answer, or a failure naming it if it waits for ever (an event that never comes). */
  async function finishes(example: MethodExample, answer: Promise<unknown>): Promise<unknown> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`"${example.title}" did not finish within ${EXAMPLE_MS / 1000} s`)), EXAMPLE_MS);
    });
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  }

  it('finds method pages, each in a known part, and Edge Functions of distinct names', () => {
    assert.ok(pages.length > 0, 'no page under docs-site/content/reference/javascript has a part');
    for (const page of pages) assert.ok(PARTS.includes(page.part), `${page.file}: part "${page.part}" is not one of ${PARTS.join(', ')}`);
    // Every function is written before `functions serve` starts: two examples cannot share a name.
    const names = pages.flatMap((page) => page.examples).flatMap((example) => (example.edgeFunction ? [example.edgeFunction.name] : []));
    assert.deepEqual(names.filter((name, index) => names.indexOf(name) !== index), [], 'Edge Function names used by more than one example');
  });

  for (const part of PARTS) {
    const ofPart = pages.filter((page) => page.part === part);
    if (ofPart.length === 0) {
      // Pending, by name: the part's examples are still to be written.
      it(`${part}: no method pages yet`);
      continue;
    }
    describe(part, () => {
      for (const page of ofPart) {
        it(`${page.route} (${page.examples.length} example${page.examples.length === 1 ? '' : 's'})`, async () => {
          assert.deepEqual(page.problems, [], `${page.file}`);
          for (const example of page.examples) {
            const supabase = clientFor(page, example);
            await prepare(example, supabase);
            // createClient too, for the examples that make a client of their own (initializing);
            // totp, mailedLink and idToken stand for the reader's authenticator app, mailbox and
            // identity provider.
            const code = new run('supabase', 'createClient', 'totp', 'mailedLink', 'idToken', `${example.code}\nreturn { ${example.names.join(', ')} };`);
            // As the page shows it: an error object keeps its fields, undefined drops.
            const got = maskLike(asShown(await finishes(example, code(supabase, createClient, totp, mailedLink, realm.idToken)).finally(() => removeRealtime(supabase)), keys.url), example.response);
            assert.deepEqual(got, example.response, `${page.file}: "${example.title}" got ${JSON.stringify(got, null, 2)}`);
          }
        });
      }
    });
  }
});
