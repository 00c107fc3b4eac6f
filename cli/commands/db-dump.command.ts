/** `db dump`: pg_dump / pg_dumpall with the original's rewrites, to a file or stdout. */
import path from 'node:path';
import type { CommandContext } from '../context.js';
import { UsageError } from '../errors.js';
import { chooseTarget } from '../db-session.js';

/** Dumps schema (default), data or roles. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { dumpPlan, renderScript } = await import('../../tasks/db/dump-script.js');
  const { runDump } = await import('../../tasks/db/dump-run.js');
  const { schemaList } = await import('../../tasks/db/schemas.js');
  const dataOnly = ctx.flags['data-only'] === true;
  const exclude = schemaList(ctx.flags.exclude);
  if ((ctx.flags['use-copy'] === true || exclude.length > 0) && !dataOnly) {
    throw new UsageError('if any flags in the group [use-copy exclude] are set, they must all be set; missing [data-only]');
  }
  const kind = dataOnly ? 'data' : ctx.flags['role-only'] === true ? 'role' : 'schema';
  const plan = dumpPlan({
    kind,
    schemas: schemaList(ctx.flags.schema),
    keepComments: ctx.flags['keep-comments'] === true,
    useCopy: ctx.flags['use-copy'] === true,
    excludeTables: exclude,
  });
  if (ctx.flags['dry-run'] === true) {
    ctx.io.stderr('DRY RUN: *only* printing the pg_dump script to console.\n');
    ctx.io.stdout(renderScript(plan));
    return;
  }
  // The original always says "remote" here, whatever the target.
  const target = await chooseTarget(ctx);
  ctx.io.stderr(`Dumping ${kind === 'schema' ? 'schemas' : kind === 'data' ? 'data' : 'roles'} from remote database...\n`);
  const file = typeof ctx.flags.file === 'string' && ctx.flags.file !== '' ? ctx.flags.file : undefined;
  if (!file) {
    await runDump(plan, target.url, ctx.io.stdout, ctx.env);
    return;
  }
  // Relative to the project root, where the original changes directory first.
  const { openOutputFile } = await import('../../tasks/db/output-file.js');
  const out = await openOutputFile(path.resolve(ctx.projectRoot, file), file);
  try {
    await runDump(plan, target.url, out.write, ctx.env);
    await out.commit();
  } catch (error) {
    await out.discard();
    throw error;
  }
  ctx.io.stderr(`Dumped schema to ${file}.\n`);
}
