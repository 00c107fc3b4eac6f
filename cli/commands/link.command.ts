/**
 * `supabase link`, in the original's order: checks the project's API keys, learns what the project runs (six
 * probes in parallel whose failures only show under --debug), optionally checks the database with
 * its password and prepares the migration history table there, then records the link. Everything
 * under supabase/.temp is written at the end, together, so a failed link leaves nothing behind.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CommandContext } from '../context.js';
import { failedTo, UsageError } from '../errors.js';
import { stdinIsTerminal } from '../prompt.js';
import type { ConfigChanges } from '../../tasks/management-api/link-config-diff.js';
import type { ApiKeys } from '../../tasks/management-api/project-probes.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';

/** Links the folder to a hosted project. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  if (!stdinIsTerminal(ctx) && !ctx.env.SUPABASE_PROJECT_ID && !ctx.changed.has('project-ref')) {
    throw new UsageError('required flag(s) "project-ref" not set');
  }
  const { resolveProjectRef } = await import('../project-ref.js');
  const ref = await resolveProjectRef(ctx, { skipLinkedFile: true });
  const { loadConfig } = await import('../../tasks/project/config-load.js');
  const { config } = await loadConfig(ctx.projectRoot, { env: ctx.env });
  const { managementApi } = await import('../../tasks/management-api/client/command-client.js');
  const { fetchApiKeys } = await import('../../tasks/management-api/project-probes.js');
  const keys = await fetchApiKeys(await managementApi(ctx), ref);

  const files = new Map<string, string>();
  const changes = await linkServices(ctx, ref, config, keys, files);
  await linkDatabase(ctx, ref, config, files.get('pooler-url') ?? '', changes);

  const { inProject, PROJECT_REF_PATH } = await import('../../tasks/project/project-paths.js');
  files.set('project-ref', ref);
  const temp = path.dirname(inProject(ctx.projectRoot, PROJECT_REF_PATH));
  await mkdir(temp, { recursive: true });
  for (const [name, text] of files) await writeFile(path.join(temp, name), text);

  ctx.io.stdout('Finished supabase link.\n');
  const { changesToml, hasChanges } = await import('../../tasks/management-api/link-config-diff.js');
  if (hasChanges(changes)) {
    ctx.io.stderr('Local config differs from linked project. Try updating supabase/config.toml\n');
    ctx.io.stdout(changesToml(changes));
  }
}

/**
 * The six probes: service versions (to supabase/.temp version files), PostgREST and pooler
 * settings (compared with config.toml) and the pooler's connection string. Results land in
 * `files`; differences are returned.
 */
async function linkServices(
  ctx: CommandContext,
  ref: string,
  config: ProjectConfig,
  keys: ApiKeys,
  files: Map<string, string>,
): Promise<ConfigChanges> {
  const probes = await import('../../tasks/management-api/project-probes.js');
  const { apiChange, poolerChange } = await import('../../tasks/management-api/link-config-diff.js');
  const { managementApi } = await import('../../tasks/management-api/client/command-client.js');
  const api = await managementApi(ctx);
  const failed = (error: unknown) => ctx.log.debug((error as Error).message ?? String(error));
  const options = { env: ctx.env, debug: (line: string) => ctx.log.debug(line), failed };
  const changes: ConfigChanges = {};
  const [versions] = await Promise.all([
    probes.remoteVersions(api, ref, keys, options),
    probes.postgrestSettings(api, ref).then((remote) => void (changes.api = apiChange(config.api, remote)), failed),
    probes.poolerSettings(api, ref).then((remote) => {
      changes.pooler = poolerChange(config.db.pooler, remote);
      if (remote.connection_string) files.set('pooler-url', remote.connection_string);
    }, failed),
  ]);
  const named: Array<[keyof typeof versions, string]> = [['postgres', 'postgres-version'], ['rest', 'rest-version'], ['gotrue', 'gotrue-version'], ['storage', 'storage-version']];
  for (const [service, file] of named) if (versions[service]) files.set(file, versions[service]);
  return changes;
}

/**
 * With a password (given, or typed at the prompt; blank skips): connects to the database through
 * the pooler the probes found or directly, compares its major version with config.toml, creates
 * the migration history table, and saves the password in the keyring.
 */
async function linkDatabase(ctx: CommandContext, ref: string, config: ProjectConfig, poolerUrl: string, changes: ConfigChanges): Promise<void> {
  const { givenDbPassword, remoteDbUrl } = await import('../linked-db.js');
  let password = givenDbPassword(ctx);
  if (!password) {
    const { askSecret } = await import('../prompt.js');
    password = await askSecret(ctx, 'Enter your database password (or leave blank to skip): ');
  }
  if (password === '') return;
  const { directEndpoint, usablePooler } = await import('../../tasks/management-api/linked-database.js');
  const endpoint = usablePooler(poolerUrl, ref, ctx.env, (reason) => ctx.log.debug(reason)) ?? directEndpoint(ref, ctx.env);
  const { connectUrl } = await import('../../tasks/db/connect.js');
  const client = await connectUrl(await remoteDbUrl(ctx, endpoint, password), 10_000).catch((error: unknown) => {
    throw failedTo('connect to postgres', error);
  });
  try {
    const { dbChange } = await import('../../tasks/management-api/link-config-diff.js');
    const { ensureHistoryTable } = await import('../../tasks/db/migration-history.js');
    // Raw SQL: SHOW is not a query kysely writes.
    const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '';
    changes.db = dbChange(config.db, version);
    await ensureHistoryTable(client);
  } finally {
    await client.end().catch(() => undefined);
  }
  const { saveDbPassword } = await import('../../tasks/management-api/db-password.js');
  await saveDbPassword(ref, password).catch((error: Error) => ctx.io.stderr(`Failed to save database password: ${error.message}\n`));
}
