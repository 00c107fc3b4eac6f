/**
 * `env(NAME)` values in config.toml (the original's LoadConfigFS): a field whose whole value is `env(NAME)` takes
 * the variable's value. Like the original, only the fields that can hold secrets are resolved,
 * and only when their feature is enabled, so the template's placeholders never fail a default
 * config.
 */
import { TaskError } from '../task-error.js';

const ENV_REF = /^env\((.*)\)$/;

/** Resolves `env(NAME)`; other values pass through. An unset or empty variable is an error. */
export function resolveEnvRef(value: string, env: NodeJS.ProcessEnv): string {
  const match = ENV_REF.exec(value);
  if (!match) return value;
  const name = match[1]!;
  const resolved = env[name];
  if (!resolved) {
    throw new TaskError(`Error evaluating "env(${name})": environment variable ${name} is unset.`);
  }
  return resolved;
}
