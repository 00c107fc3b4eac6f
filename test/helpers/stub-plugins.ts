/** Task plugins that pretend, for orchestration tests: each returns the outcome a real one would. */
import type { Outcome, TaskPlugin } from '../../tasks/orchestration/orchestration-types.js';

/** A plugin that returns fixed outcomes and counts its runs. */
export function stub(outcomes: Outcome | Outcome[] | (() => Outcome | Outcome[])): TaskPlugin & { runs: number } {
  const plugin = {
    runs: 0,
    title: 'stub',
    run: async () => {
      plugin.runs += 1;
      return typeof outcomes === 'function' ? outcomes() : outcomes;
    },
  };
  return plugin;
}

/** The stack's three tasks, succeeding. */
export function stackPlugins() {
  return {
    'stack.start': stub([
      { type: 'SERVICE_STARTING', data: { service: 'db' } },
      { type: 'SERVICE_HEALTHY', data: { service: 'db' } },
      { type: 'STARTED' },
    ]),
    'stack.stop': stub([{ type: 'SERVICE_STOPPED', data: { service: 'db' } }, { type: 'STOPPED' }]),
    'stack.delete-data': stub({ type: 'DATA_DELETED' }),
  };
}
