/** The project the stack commands work on: its folder, its loaded config and its environment. */
import type { CommandContext } from '../context.js';
import { loadProjectConfig } from '../project-config.js';
import type { StackProject } from '../../tasks/stack/stack-runtime.js';

/** Loads supabase/config.toml (with .env and env() substitution); its warnings are printed once. */
export async function loadLocalProject(ctx: CommandContext): Promise<StackProject> {
  const loaded = await loadProjectConfig(ctx);
  return { root: ctx.projectRoot, config: loaded.config, env: loaded.env };
}
