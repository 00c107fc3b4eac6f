/**
 * Project plugins: modules a project names in its config.toml (`[local] plugins = [...]`, a table
 * the original CLI ignores) to add a step or an extra service to its local stack. Each runs after
 * the database is up and is stopped before it, on either runtime, and is recorded in the journal
 * as a service named `plugin:<name>`.
 *
 * A plugin module's default export: `{ name: string, start(context), stop?(context) }`, where the
 * context is `{ root, dbUrl, env, log }` and start may return a one-line detail for the journal.
 */
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Outcome, TaskPlugin } from '../orchestration/orchestration-types.js';
import { localDbUrl } from '../keys/status-values.js';
import { TaskError, messageOf } from '../task-error.js';
import type { StackProject } from './stack-runtime.js';

export interface PluginContext {
  root: string;
  /** The local database, as `status` prints it. */
  dbUrl: string;
  env: NodeJS.ProcessEnv;
  log: (message: string) => void;
}

export interface ProjectPlugin {
  name: string;
  start: (context: PluginContext) => Promise<string | void>;
  stop?: (context: PluginContext) => Promise<void>;
}

const CONFIG_KEY = '[local] plugins';

/** Imports and checks the plugins named in the config, in order. */
export async function loadProjectPlugins(project: StackProject): Promise<ProjectPlugin[]> {
  const plugins: ProjectPlugin[] = [];
  for (const entry of project.config.local.plugins) {
    const file = isAbsolute(entry) ? entry : resolve(project.root, entry);
    let loaded: { default?: unknown };
    try {
      loaded = (await import(pathToFileURL(file).href)) as { default?: unknown };
    } catch (error) {
      throw new TaskError(`failed to load the project plugin ${entry} (${CONFIG_KEY}): ${messageOf(error)}`, 'Check the path in supabase/config.toml; it is relative to the project folder.');
    }
    const plugin = loaded.default as Partial<ProjectPlugin> | undefined;
    if (!plugin || typeof plugin.name !== 'string' || typeof plugin.start !== 'function') {
      throw new TaskError(
        `the project plugin ${entry} (${CONFIG_KEY}) does not export a plugin`,
        'Its default export must be { name: string, start(context), stop?(context) }.',
      );
    }
    plugins.push(plugin as ProjectPlugin);
  }
  return plugins;
}

/**
 * The runtime's stack tasks with the project's plugins around them: started after the runtime's
 * start succeeded (before its final outcome), stopped before the runtime stops.
 */
export function withProjectPlugins(tasks: Record<string, TaskPlugin>, project: StackProject, plugins: ProjectPlugin[], log: (message: string) => void): Record<string, TaskPlugin> {
  if (plugins.length === 0) return tasks;
  const context = (): PluginContext => ({ root: project.root, dbUrl: localDbUrl(project.config), env: project.env, log });
  const service = (plugin: ProjectPlugin) => `plugin:${plugin.name}`;
  const start = tasks['stack.start'];
  const stop = tasks['stack.stop'];
  return {
    ...tasks,
    'stack.start': {
      title: start.title,
      run: async (step) => {
        const outcomes = toList(await start.run(step));
        const final = outcomes.filter((outcome) => outcome.type === 'STARTED' || outcome.type === 'HEALTH_TIMEOUT');
        step.record(outcomes.filter((outcome) => !final.includes(outcome)));
        for (const plugin of plugins) {
          step.record({ type: 'SERVICE_STARTING', data: { service: service(plugin) } });
          step.task.output = `Starting plugin ${plugin.name}...`;
          try {
            const detail = await plugin.start(context());
            step.record({ type: 'SERVICE_HEALTHY', data: { service: service(plugin), detail: detail || 'started' } });
          } catch (error) {
            step.record({ type: 'SERVICE_FAILED', data: { service: service(plugin), detail: messageOf(error) } });
            throw new TaskError(`project plugin ${plugin.name} failed to start: ${messageOf(error)}`);
          }
        }
        return final;
      },
    },
    'stack.stop': {
      title: stop.title,
      run: async (step) => {
        for (const plugin of [...plugins].reverse()) {
          // A plugin that cannot stop must not keep the stack running.
          await plugin.stop?.(context()).catch((error: unknown) => log(`project plugin ${plugin.name} failed to stop: ${messageOf(error)}`));
          step.record({ type: 'SERVICE_STOPPED', data: { service: service(plugin) } });
        }
        return stop.run(step);
      },
    },
  };
}

function toList(outcomes: Outcome | Outcome[] | void): Outcome[] {
  return outcomes === undefined ? [] : Array.isArray(outcomes) ? outcomes : [outcomes];
}
