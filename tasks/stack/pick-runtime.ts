/**
 * Which runtime runs the stack: forced by SUPABASE_RUNTIME or `[local] runtime`, or `auto`: Docker
 * when an engine answers quickly (DOCKER_HOST honoured), else native.
 */
import type { ProjectConfig } from '../project/config.types.js';
import { runtimeChoice } from '../project/runtime-choice.js';
import { TaskError } from '../task-error.js';
import type { RuntimeName, StackRuntime } from './stack-runtime.js';

/** How long `auto` waits for an engine before settling on native. */
const AUTO_PING_MS = 400;

/** The runtime by name; the docker one is loaded only when used (it pulls in dockerode). */
export async function runtimeNamed(name: RuntimeName): Promise<StackRuntime> {
  if (name === 'docker') return (await import('./docker-stack.js')).dockerStack;
  return (await import('./native-stack.js')).nativeStack;
}

/**
 * Resolves the configured choice to a runtime, checking that a forced docker engine answers.
 * Without a config (stop --project-id), only SUPABASE_RUNTIME can force one.
 */
export async function pickRuntime(config: Pick<ProjectConfig, 'local'> | undefined, env: NodeJS.ProcessEnv): Promise<StackRuntime> {
  const choice = runtimeChoice(config ?? { local: { runtime: 'auto', plugins: [] } }, env);
  if (choice === 'native') return runtimeNamed('native');
  const { isEngineAvailable } = await import('../docker/docker-client.js');
  const engine = await isEngineAvailable(env, choice === 'auto' ? AUTO_PING_MS : 2_000);
  if (engine.available) return runtimeNamed('docker');
  if (choice === 'docker') {
    throw new TaskError(engine.reason, 'Start a Docker engine (or set DOCKER_HOST), or use the native runtime with SUPABASE_RUNTIME=native.');
  }
  return runtimeNamed('native');
}
