/**
 * Which runtime runs the local stack. Our own setting, kept where the original cannot trip on it:
 * the environment variable SUPABASE_RUNTIME, else `[local] runtime` in config.toml (a table the
 * original ignores with a warning), else `auto` (Docker when an engine answers, native otherwise).
 */
import type { ProjectConfig, RuntimeChoice } from './config.types.js';
import { TaskError } from '../task-error.js';

const CHOICES: readonly RuntimeChoice[] = ['auto', 'native', 'docker'];

/** The configured runtime choice; an unknown SUPABASE_RUNTIME value is an error naming it. */
export function runtimeChoice(config: Pick<ProjectConfig, 'local'>, env: NodeJS.ProcessEnv = process.env): RuntimeChoice {
  const fromEnv = env.SUPABASE_RUNTIME?.trim();
  if (fromEnv) {
    if (!CHOICES.includes(fromEnv as RuntimeChoice)) {
      throw new TaskError(`Invalid SUPABASE_RUNTIME: ${fromEnv}. Must be one of: [auto native docker]`);
    }
    return fromEnv as RuntimeChoice;
  }
  return config.local.runtime;
}
