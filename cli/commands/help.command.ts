/** `supabase help [command]`: the help page of the named command. */
import type { CommandContext } from '../context.js';
import { UsageError } from '../errors.js';

export default async function run(ctx: CommandContext): Promise<number> {
  const page = ctx.documents.helpPage(ctx.args);
  if (page === undefined) throw new UsageError(`Unknown help topic "${ctx.args.join(' ')}"`, 'Run "supabase --help" for the list of commands.');
  ctx.io.stdout(page);
  return 0;
}
