/** `db diff`, the original's default differ: migra between a shadow database of the local migrations and the target. */
import type { CommandContext } from '../context.js';
import { NotAvailableError } from '../errors.js';
import { chooseTarget, projectConfig, stderrNotice, withTarget } from '../db-session.js';

/** Prints, or saves with -f, the SQL that brings the migrations to the target's schema. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  if (ctx.flags['use-pgadmin'] === true) throw new NotAvailableError('supabase db diff --use-pgadmin');
  if (ctx.flags['use-pg-schema'] === true) throw new NotAvailableError('supabase db diff --use-pg-schema');
  const { listMigrations } = await import('../../tasks/db/migration-files.js');
  const { DIFF_EXCLUDED_SCHEMAS, listSchemas, schemaList } = await import('../../tasks/db/schemas.js');
  const { withShadow } = await import('../../tasks/db/shadow.js');
  const { shadowHostUrl } = await import('../../tasks/db/shadow-host.js');
  const { diffSchemas, dropStatements } = await import('../../tasks/db/schema-diff.js');
  const { writeMigration } = await import('../../tasks/db/migration-new.js');
  const { gitBranchOr } = await import('../../tasks/project/git-branch.js');
  const notice = stderrNotice(ctx);
  const config = await projectConfig(ctx);
  const target = await chooseTarget(ctx);
  let schemas = schemaList(ctx.flags.schema);
  if (schemas.length === 0) schemas = await withTarget(target, (client) => listSchemas(client, DIFF_EXCLUDED_SCHEMAS));
  const host = await shadowHostUrl(config, ctx.env);
  const listing = await listMigrations(ctx.projectRoot);
  for (const skipped of listing.skipped) notice(skipped.notice);
  notice('Creating shadow database...');
  const diff = await withShadow(host, listing.migrations, notice, async (shadow) => {
    notice(`Diffing schemas: ${schemas.join(',')}`);
    return diffSchemas(shadow.url, target.url, schemas);
  }, ctx.env);
  notice(`Finished supabase db diff on branch ${await gitBranchOr('main', ctx.projectRoot, ctx.env)}.\n`);
  if (diff.trim().length < 2) {
    notice('No schema changes found');
  } else if (typeof ctx.flags.file === 'string' && ctx.flags.file !== '') {
    const relative = await writeMigration(ctx.projectRoot, ctx.flags.file, diff);
    notice(`Created new migration at ${relative}`);
    notice('WARNING: The diff tool is not foolproof, so you may need to manually rearrange and modify the generated migration.');
    notice('Run supabase db reset to verify that the new migration does not generate errors.');
  } else {
    ctx.io.stdout(diff);
  }
  const drops = dropStatements(diff);
  if (drops.length > 0) {
    notice('Found drop statements in schema diff. Please double check if these are expected:');
    notice(`\x1b[33m${drops.join('\n')}\x1b[0m`);
  }
}
