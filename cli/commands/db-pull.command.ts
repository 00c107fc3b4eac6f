/** `db pull`, as the original: the target's schema as a new migration, dumped the first time and diffed after. */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { chooseTarget, migrationStreamOf, projectConfig, stderrNotice, targetKind, withTarget } from '../db-session.js';
import { runProjectOperation } from '../project-operation.js';
import { confirm } from '../prompt.js';

/** Pulls the schema into supabase/migrations/<timestamp>_<name>.sql. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { listMigrations } = await import('../../tasks/db/migration-files.js');
  const { appliedVersions } = await import('../../tasks/db/migration-history.js');
  const { DIFF_EXCLUDED_SCHEMAS, listSchemas, schemaList } = await import('../../tasks/db/schemas.js');
  const { writeMigration } = await import('../../tasks/db/migration-new.js');
  const notice = stderrNotice(ctx);
  const name = ctx.args[0] ?? 'remote_schema';
  const named = schemaList(ctx.flags.schema);
  const config = await projectConfig(ctx);
  const target = await chooseTarget(ctx);
  const { migrations } = await listMigrations(ctx.projectRoot);
  const remote = await withTarget(target, appliedVersions);
  const local = migrations.map((file) => file.version);
  const remoteOnly = remote.filter((version) => !local.includes(version));
  const localOnly = local.filter((version) => !remote.includes(version));
  if (remoteOnly.length > 0 || localOnly.length > 0) {
    throw new UserError(
      "The remote database's migration history does not match local files in supabase/migrations directory.",
      [
        '',
        'Make sure your local git repo is up-to-date. If the error persists, try repairing the migration history table:',
        ...remoteOnly.map((version) => `supabase migration repair --status reverted ${version}`),
        ...localOnly.map((version) => `supabase migration repair --status applied ${version}`),
      ].join('\n'),
    );
  }
  let content = '';
  if (migrations.length === 0) {
    const { dumpPlan } = await import('../../tasks/db/dump-script.js');
    const { runDump } = await import('../../tasks/db/dump-run.js');
    notice('Dumping schema from remote database...');
    // As in the original, the first pull dumps everything and ignores --schema.
    await runDump(dumpPlan({ kind: 'schema', schemas: [] }), target.url, (text) => (content += text), ctx.env);
  } else {
    const { withShadow } = await import('../../tasks/db/shadow.js');
    const { shadowHostUrl } = await import('../../tasks/db/shadow-host.js');
    const { diffSchemas } = await import('../../tasks/db/schema-diff.js');
    const schemas = named.length > 0 ? named : await withTarget(target, (client) => listSchemas(client, DIFF_EXCLUDED_SCHEMAS));
    notice('Creating shadow database...');
    content = await withShadow(await shadowHostUrl(config, ctx.env), migrations, () => undefined, (shadow) => diffSchemas(shadow.url, target.url, schemas), ctx.env);
    if (content.trim().length < 2) throw new UserError('no schema changes found');
  }
  const relative = await writeMigration(ctx.projectRoot, name, content);
  notice(`Schema written to ${relative}`);
  if (await confirm(ctx, 'Update remote migration history table?', true)) {
    // The same recorded operation as `migration repair --status applied <version>`, so the target's
    // migrations stream (migrations:linked:<ref>, say) knows of the row as it knows of a repair's.
    const { repairWithHistory } = await import('../../tasks/db/repair-recorded.js');
    const version = /\/(\d+)_/.exec(relative)![1]!;
    const stream = await migrationStreamOf(ctx, target);
    const params = { target: targetKind(target), stream, status: 'applied', versions: [version] };
    await runProjectOperation(ctx, { kind: 'migration-repair', params }, (operation) =>
      withTarget(target, (client) => repairWithHistory(client, ctx.projectRoot, [version], 'applied', operation, stream)),
    );
    notice(`Repaired migration history: [${version}] => applied`);
  }
  if (named.length === 0) notice('The auth and storage schemas are excluded. Run supabase db pull --schema auth,storage again to diff them.');
  ctx.io.stdout('Finished supabase db pull.\n');
}
