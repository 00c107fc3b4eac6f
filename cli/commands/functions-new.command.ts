/** `functions new <slug>` (local, no login): scaffolds supabase/functions/<slug>/index.ts. */
import type { CommandContext } from '../context.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { newFunction } = await import('../../tasks/functions/new-function.js');
  const { validateSlug } = await import('../../tasks/functions/function-slug.js');
  const slug = validateSlug(ctx.args[0]!);
  const { apiPort, anonKey } = await templateValues(ctx);
  const folder = await newFunction(ctx.projectRoot, { slug, apiPort, anonKey });
  ctx.io.stdout(`Created new Function at ${folder}\n`);
}

/** The project's API port and anon key; without a readable config, the defaults a new project has. */
async function templateValues(ctx: CommandContext): Promise<{ apiPort: number; anonKey: string }> {
  const { loadConfig } = await import('../../tasks/project/config-load.js');
  try {
    const { config } = await loadConfig(ctx.projectRoot, { env: ctx.env });
    return { apiPort: config.api.port, anonKey: config.auth.anon_key };
  } catch (error) {
    ctx.log.debug(`no config for the template, using defaults: ${(error as Error).message}`);
    const { DEFAULT_ANON_KEY } = await import('../../tasks/keys/api-keys.js');
    return { apiPort: 54321, anonKey: DEFAULT_ANON_KEY };
  }
}
