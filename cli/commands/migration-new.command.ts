/**
 * `migration new <name>` (the original's <UTC timestamp>_<name>.sql): a timestamped file, filled
 * from stdin when it is piped.
 */
import type { CommandContext } from '../context.js';

/** Creates supabase/migrations/<UTC timestamp>_<name>.sql. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { writeMigration } = await import('../../tasks/db/migration-new.js');
  // As in the original, piped input becomes the file's content; a terminal gives an empty file.
  const content = ctx.io.interactive ? '' : await ctx.io.readStdin();
  const relative = await writeMigration(ctx.projectRoot, ctx.args[0]!, content);
  ctx.io.stdout(`Created new migration at ${relative}\n`);
}
