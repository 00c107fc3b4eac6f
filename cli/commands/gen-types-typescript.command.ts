/**
 * `supabase gen types typescript`. The original runs postgres-meta in Docker; this
 * build reads the catalogue in-process and renders the same file. For a hosted project (--linked,
 * --project-id) the platform generates the types and the Management API's types route returns them.
 */
import type { CommandContext } from '../context.js';
import { parseDbUrl } from '../db-target.js';
import { chooseTarget, projectConfig } from '../db-session.js';
import { failedTo, UserError } from '../errors.js';

/** Prints the generated types to stdout. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const given = (name: string) => ctx.changed.has(name) && ctx.flags[name] !== false && ctx.flags[name] !== '';
  if (ctx.flags['postgrest-v9-compat'] === true && !ctx.changed.has('db-url')) {
    throw new UserError('--postgrest-v9-compat can only be used together with --db-url.');
  }
  if (given('project-id') || given('linked')) return hostedTypes(ctx, given('linked'));
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
    url = (await chooseTarget(ctx, { announce: false })).url;
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
    throw failedTo(code && /^[0-9A-Z]{5}$/.test(code) ? 'generate types' : 'connect to postgres', error);
  }
  ctx.io.stdout(output);
}

/**
 * Types from the platform: GET /v1/projects/{ref}/types/typescript, the `types` string printed as
 * it is. --linked reads the ref from the linked file and the schemas from config.toml;
 * --project-id uses neither the folder nor its config.
 */
async function hostedTypes(ctx: CommandContext, linked: boolean): Promise<void> {
  const explicit = (ctx.flags.schema as string[] | undefined) ?? [];
  let ref: string;
  let schemas = explicit;
  if (linked) {
    if (schemas.length === 0) schemas = await localDefaultSchemas(ctx);
    const { requireLinkedRef } = await import('../project-ref.js');
    ref = await requireLinkedRef(ctx.projectRoot);
  } else {
    const { validateProjectRef } = await import('../project-ref.js');
    ref = validateProjectRef(String(ctx.flags['project-id']));
    if (schemas.length === 0) schemas = ['public'];
  }
  const { managementApi } = await import('../../tasks/management-api/client/command-client.js');
  const { expectAnswer } = await import('../../tasks/management-api/client/client.js');
  const api = await managementApi(ctx);
  const answer = await expectAnswer(
    api.GET('/v1/projects/{ref}/types/typescript', { params: { path: { ref }, query: { included_schemas: schemas.join(',') } } }),
    [200],
    'failed to retrieve generated types: ',
  );
  ctx.io.stdout(answer.types);
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
  const config = await projectConfig(ctx);
  return [...new Set(['public', ...config.api.schemas])];
}
