/**
 * The task plugins that drive the stack machine for a project: its runtime's, wrapped with the
 * project's own plugins. Shared by the stack commands and by the recovery of an interrupted one.
 */
import type { TaskPlugin } from '../orchestration/orchestration-types.js';
import { loadProjectPlugins, withProjectPlugins } from './project-plugins.js';
import type { StackPluginOptions, StackProject, StackRuntime } from './stack-runtime.js';

/** The plugins for one request; a project plugin that cannot load stops a start, never a stop. */
export async function stackTasks(project: StackProject, runtime: StackRuntime, options: StackPluginOptions & { starting: boolean }): Promise<Record<string, TaskPlugin>> {
  const notice = options.onNotice ?? (() => undefined);
  const plugins = await loadProjectPlugins(project).catch((error: Error) => {
    if (options.starting) throw error;
    notice(error.message);
    return [];
  });
  return withProjectPlugins(runtime.plugins(project, options), project, plugins, notice);
}
