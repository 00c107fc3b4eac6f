/** `supabase help [command]`: the help page of the named command. */
import type { CommandContext } from '../context.js';
import { UsageError } from '../errors.js';
import { resolveCommand } from '../argv/resolve-command.js';
import { renderHelp } from '../help/render-help.js';

export default async function run(ctx: CommandContext): Promise<number> {
  const { node, firstPositional } = resolveCommand(ctx.args);
  if (firstPositional !== undefined) throw new UsageError(`Unknown help topic "${ctx.args.join(' ')}"`, 'Run "supabase --help" for the list of commands.');
  ctx.io.stdout(renderHelp(node));
  return 0;
}
