/** `supabase completion <shell>`: prints the completion script for that shell. */
import type { CommandContext } from '../context.js';
import { completionScript, type Shell } from '../completion/scripts.js';

export default async function run(ctx: CommandContext): Promise<number> {
  const shell = ctx.path.split(' ')[1] as Shell;
  ctx.io.stdout(completionScript(shell, { descriptions: ctx.flags['no-descriptions'] !== true }));
  return 0;
}
