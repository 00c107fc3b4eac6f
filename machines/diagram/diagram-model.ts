/**
 * A machine definition as a plain graph (states, transitions, events), read from the xstate
 * definition itself. Mermaid, Graphviz and JSON output are all drawn from this one model.
 */
import type { AnyStateNode } from 'xstate';
import type { MachineDefinition, StateMeta } from '../kit/machine-kit.js';

/** One state of the diagram. */
export interface DiagramState {
  /** Dotted path from the root, e.g. `stopped.dataKept`. */
  id: string;
  /** Its own key, e.g. `dataKept`. */
  key: string;
  /** Dotted path of the parent state; undefined at the top level. */
  parent?: string;
  type: 'atomic' | 'compound';
  description?: string;
  /** The child entered first (compound states only). */
  initial?: string;
  meta: StateMeta;
}

/** One transition. `source` is `''` for transitions the root defines (taken from any state). */
export interface DiagramTransition {
  source: string;
  /** undefined: targetless (the state stays, its context may change). */
  target?: string;
  event: string;
  /** The guard as written, e.g. `originIs origin=both`. */
  guard?: string;
  actions: string[];
  description?: string;
}

/** A machine as a graph. */
export interface MachineDiagram {
  name: string;
  id: string;
  description: string;
  stream: string;
  keyField?: string;
  initial: string;
  states: DiagramState[];
  transitions: DiagramTransition[];
  events: Array<{ type: string; description: string }>;
}

/** Builds the graph of a machine definition. */
export function diagramOf(definition: MachineDefinition): MachineDiagram {
  const states: DiagramState[] = [];
  const transitions: DiagramTransition[] = [];
  const visit = (node: AnyStateNode): void => {
    const id = node.path.join('.');
    if (node.parent) {
      states.push({
        id,
        key: node.key,
        parent: node.parent.parent ? node.parent.path.join('.') : undefined,
        type: node.type === 'compound' ? 'compound' : 'atomic',
        description: node.description,
        initial: node.type === 'compound' ? node.initial.target[0].path.join('.') : undefined,
        meta: (node.meta as StateMeta | undefined) ?? {},
      });
    }
    for (const [event, list] of node.transitions) {
      for (const transition of list) {
        transitions.push({
          source: id,
          target: transition.target?.[0]?.path.join('.'),
          event,
          guard: guardText(transition.guard),
          actions: transition.actions.map(actionName),
          description: (transition as { description?: string }).description,
        });
      }
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(definition.machine.root);
  return {
    name: definition.name,
    id: definition.machine.id,
    description: definition.description,
    stream: definition.binding.stream,
    keyField: definition.binding.keyField,
    initial: definition.machine.root.initial.target[0].path.join('.'),
    states,
    transitions,
    events: Object.entries(definition.events as Record<string, string>).map(([type, description]) => ({ type, description })),
  };
}

function guardText(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    const { type, params } = guard as { type: string; params?: Record<string, unknown> };
    const args = Object.entries(params ?? {}).map(([key, value]) => `${key}=${String(value)}`);
    return [type, ...args].join(' ');
  }
  return 'inline';
}

function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action) return String((action as { type: string }).type);
  return 'inline';
}

/** The top-level states (the sources of root-level transitions). */
export function topLevelStates(diagram: MachineDiagram): DiagramState[] {
  return diagram.states.filter((state) => state.parent === undefined);
}

/** A transition label: the event, and its guard when it has one. */
export function transitionLabel(transition: DiagramTransition): string {
  return transition.guard ? `${transition.event} [${transition.guard}]` : transition.event;
}
