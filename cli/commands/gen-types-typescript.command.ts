/**
 * `supabase gen types typescript` (facts §7.1). The original runs postgres-meta in Docker; this
 * build reads the catalogue in-process and renders the same file. The hosted route (--linked,
 * --project-id) needs the Management API, which has not landed yet.
 */
import type { CommandContext } from '../context.js';
import { parseDbUrl, resolveDbTarget } from '../db-target.js';
import { failedTo, NotAvailableError, UserError } from '../errors.js';

/** Prints the generated types to stdout. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const given = (name: string) => ctx.changed.has(name) && ctx.flags[name] !== false && ctx.flags[name] !== '';
  if (ctx.flags['postgrest-v9-compat'] === true && !ctx.changed.has('db-url')) {
    throw new UserError('--postgrest-v9-compat can only be used together with --db-url.');
  }
  if (given('project-id') || given('linked')) {
    throw new NotAvailableError(`supabase gen types typescript ${given('linked') ? '--linked' : '--project-id'} (types from the hosted project)`);
  }
  if (!given('local') && !given('db-url')) {
    throw new UserError('Must specify one of --local, --linked, --project-id, or --db-url');
  }
  const explicit = (ctx.flags.schema as string[] | undefined) ?? [];
  let url: string;
  let schemas: string[];
  if (given('db-url')) {
    url = dbUrlFor(ctx.flags['db-url'] as string);
    ctx.io.stderr(`Connecting to ${new URL(url).hostname}\n`);
    schemas = explicit.length > 0 ? explicit : ['public'];
  } else {
    url = (await resolveDbTarget(ctx)).url;
    schemas = explicit.length > 0 ? explicit : await localDefaultSchemas(ctx);
  }
  const { generateTypescript } = await import('../../tasks/typegen/generate-typescript.js');
  let output: string;
  try {
    output = await generateTypescript({
      dbUrl: url,
      schemas,
      detectOneToOneRelationships: ctx.flags['postgrest-v9-compat'] !== true,
      connectTimeoutMs: given('local') ? 2_000 : 10_000,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (given('local') && code === 'ECONNREFUSED') {
      throw new UserError('supabase start is not running.', 'Run supabase start first.', { cause: error });
    }
    throw failedTo(code && /^[0-9A-Z]{5}$/.test(code) ? 'generate types' : 'connect to postgres', error);
  }
  ctx.io.stdout(output);
}

/** The original reports a bad --db-url in its own words, not the shared parse message. */
function dbUrlFor(raw: string): string {
  try {
    return parseDbUrl(raw).toString();
  } catch (error) {
    throw new UserError(`URL is not a valid Supabase connection string: ${(error as Error).message.replace(/^failed to parse connection string: /, '')}`);
  }
}

/** `public`, then the API schemas of config.toml, without duplicates. */
async function localDefaultSchemas(ctx: CommandContext): Promise<string[]> {
  const { loadConfig } = await import('../../tasks/project/config-load.js');
  const { config } = await loadConfig(ctx.projectRoot, { env: ctx.env });
  return [...new Set(['public', ...config.api.schemas])];
}
