/** The project the stack commands work on: its folder, its loaded config and its environment. */
import type { CommandContext } from '../context.js';
import type { StackProject } from '../../tasks/stack/stack-runtime.js';

/** Loads supabase/config.toml (with .env and env() substitution) and prints its warnings. */
export async function loadLocalProject(ctx: CommandContext): Promise<StackProject> {
  const { loadConfig } = await import('../../tasks/project/config-load.js');
  const loaded = await loadConfig(ctx.projectRoot, { env: ctx.env });
  for (const warning of loaded.warnings) ctx.io.stderr(`${warning}\n`);
  return { root: ctx.projectRoot, config: loaded.config, env: loaded.env };
}
