/**
 * Paths through a machine for model-based tests: every shortest path and every simple path that
 * @xstate/graph finds, with the machine's own final snapshot. The state key is the value plus the
 * context fields the guards read (the definition's behaviourContext): descriptive fields and
 * growing arrays (branch ids) would make every path a new state, and the search would never end.
 */
import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { MachineDefinition } from '../../machines/kit/machine-kit.js';

export interface ModelPath {
  kind: 'shortest' | 'simple';
  /** The path's events, without xstate's own init event. */
  events: EventObject[];
  /**
   * The state the search reached. Its value is exact; its context may come from another path to
   * the same state key, so the tests compute the machine's own result by replaying `events`.
   */
  state: AnyMachineSnapshot;
}

/** The state key for the path search: the value plus the context fields that drive guards. */
export function serializeForSearch(definition: MachineDefinition, snapshot: AnyMachineSnapshot): string {
  const context = snapshot.context as Record<string, unknown>;
  return JSON.stringify([snapshot.value, definition.behaviourContext.map((field) => context[field])]);
}

/** Shortest and simple paths of a machine, driven by its sample events. */
export function modelPaths(definition: MachineDefinition): ModelPath[] {
  const options = {
    events: definition.sampleEvents,
    serializeState: (snapshot: AnyMachineSnapshot) => serializeForSearch(definition, snapshot),
  };
  const collect = (kind: ModelPath['kind'], paths: ReturnType<typeof getShortestPaths>): ModelPath[] =>
    paths.map((path) => ({
      kind,
      events: path.steps.map((step) => step.event as EventObject).filter((event) => !event.type.startsWith('xstate.')),
      state: path.state as AnyMachineSnapshot,
    }));
  return [
    ...collect('shortest', getShortestPaths(definition.machine, options as never)),
    ...collect('simple', getSimplePaths(definition.machine, options as never)),
  ];
}
