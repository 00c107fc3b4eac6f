/** `supabase generateFigSpec`: an autocomplete spec for the Fig terminal, built from the registry (cli/completion/fig-spec.ts). */
import type { CommandContext } from '../context.js';

export default async function run(ctx: CommandContext): Promise<number> {
  ctx.io.stdout(await ctx.documents.figSpec(ctx.flags['include-hidden'] === true));
  return 0;
}
