/** `supabase docs-spec`: writes the command documentation spec for the docs site (cli/docs/cli-spec.ts). */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CommandContext } from '../context.js';

export default async function run(ctx: CommandContext): Promise<number> {
  const text = await ctx.documents.cliSpec();
  const file = ctx.flags.file as string;
  if (file) await writeFile(resolve(ctx.projectRoot, file), text);
  else ctx.io.stdout(text);
  return 0;
}
