/** `supabase docs-spec`: writes the command documentation spec for the docs site. */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CommandContext } from '../context.js';
import { buildCliSpec } from '../docs/cli-spec.js';

export default async function run(ctx: CommandContext): Promise<number> {
  const text = JSON.stringify(buildCliSpec(), null, 2) + '\n';
  const file = ctx.flags.file as string;
  if (file) await writeFile(resolve(ctx.projectRoot, file), text);
  else ctx.io.stdout(text);
  return 0;
}
