/**
 * The project's config as every command loads it: once per command, with its warnings (such as
 * `Unknown config fields`) printed to stderr once, whichever command it is.
 */
import type { CommandContext } from './context.js';
import type { LoadedConfig } from '../tasks/project/config-load.js';

const loaded = new WeakMap<CommandContext, Promise<LoadedConfig>>();

/** Loads supabase/config.toml (with .env and env() substitution) for this command. */
export function loadProjectConfig(ctx: CommandContext): Promise<LoadedConfig> {
  let promise = loaded.get(ctx);
  if (!promise) {
    promise = (async () => {
      const { loadConfig } = await import('../tasks/project/config-load.js');
      const result = await loadConfig(ctx.projectRoot, { env: ctx.env });
      for (const warning of result.warnings) ctx.io.stderr(`${warning}\n`);
      return result;
    })();
    loaded.set(ctx, promise);
  }
  return promise;
}
