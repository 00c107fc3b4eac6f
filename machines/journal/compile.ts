/**
 * Compiles an xstate machine into a transition table that the journal's fold can run quickly.
 *
 * Why: stepping an xstate machine costs about 5 µs an event (it builds an actor scope, resolves
 * actions and microsteps), so replaying 100,000 events would take half a second. The table keeps
 * xstate's semantics for the subset our machines use (atomic and compound states, named or inline
 * guards, assign-only actions via the definition's update table, targetless transitions) and the
 * compiler refuses anything else, so a machine cannot quietly outgrow it. The model-based tests
 * replay every path through both and compare.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { GuardFn, MachineDefinition, Params, StateMeta, UpdateFn } from '../kit/machine-kit.js';
import type { MachineEvent } from './journal-event.js';

/** A machine's state as the journal keeps it: the dotted path of the active leaf, and the context. */
export interface LiteSnapshot {
  value: string;
  context: Record<string, unknown>;
}

type AnyEvent = MachineEvent;

/** One transition of the compiled table. */
export interface Candidate {
  guard?: (context: Record<string, unknown>, event: AnyEvent) => boolean;
  /** Leaf path of the target; undefined for a targetless transition. */
  target?: string;
  updates: Array<(context: Record<string, unknown>, event: AnyEvent) => Record<string, unknown>>;
}

/** A machine compiled for the fold. */
export interface CompiledMachine {
  name: string;
  initial: LiteSnapshot;
  /** Leaf path -> event type -> candidate transitions, deepest state first (xstate's order). */
  table: Map<string, Map<string, Candidate[]>>;
  /** Leaf path -> meta merged from the root down to the leaf. */
  meta: Map<string, StateMeta>;
  /** Every leaf path, in document order. */
  leaves: string[];
}

/** Thrown when a machine uses a feature the fold does not implement. */
export class UnsupportedMachineError extends Error {
  constructor(machine: string, what: string) {
    super(`machine ${machine}: ${what} is not supported by the journal fold`);
    this.name = 'UnsupportedMachineError';
  }
}

/** Builds the fold's table from a machine definition; throws UnsupportedMachineError on unknown features. */
export function compileMachine(definition: Pick<MachineDefinition, 'name' | 'machine' | 'guards' | 'updates'>): CompiledMachine {
  const { machine, name } = definition;
  const guards = definition.guards as Record<string, GuardFn<unknown, unknown>>;
  const updates = definition.updates as Record<string, UpdateFn<unknown, unknown>>;
  const fail = (what: string): never => {
    throw new UnsupportedMachineError(name, what);
  };

  const leafOf = (node: AnyStateNode): string => {
    let current = node;
    while (current.type === 'compound') current = current.initial.target[0];
    if (current.type !== 'atomic') fail(`a ${current.type} state (${current.path.join('.')})`);
    return current.path.join('.');
  };

  const compileGuard = (guard: unknown, where: string): Candidate['guard'] => {
    if (guard === undefined) return undefined;
    if (typeof guard === 'string' || (typeof guard === 'object' && guard !== null && 'type' in guard)) {
      const { type, params } = typeof guard === 'string' ? { type: guard, params: undefined } : (guard as { type: string; params?: Params });
      const fn = guards[type];
      if (!fn) fail(`guard "${type}" at ${where} has no plain implementation`);
      return (context, event) => fn(context, event, params);
    }
    if (typeof guard === 'function' && !('check' in guard)) {
      const inline = guard as (args: { context: unknown; event: unknown }, params: Params) => boolean;
      return (context, event) => inline({ context, event }, undefined);
    }
    return fail(`a higher-order guard at ${where}`);
  };

  const compileAction = (action: unknown, where: string): Candidate['updates'][number] => {
    const { type, params } =
      typeof action === 'string'
        ? { type: action, params: undefined }
        : typeof action === 'object' && action !== null && 'type' in action
          ? (action as { type: string; params?: Params })
          : fail(`an inline action at ${where}`);
    const fn = updates[type];
    if (!fn) fail(`action "${type}" at ${where} is not a plain update`);
    return (context, event) => fn(context, event, params) as Record<string, unknown>;
  };

  const ownCandidates = new Map<AnyStateNode, Map<string, Candidate[]>>();
  const walk = (node: AnyStateNode): void => {
    const where = node.path.join('.') || '(root)';
    if (node.type === 'parallel' || node.type === 'history' || node.type === 'final') fail(`a ${node.type} state (${where})`);
    if (node.entry.length || node.exit.length) fail(`entry or exit actions (${where})`);
    if (node.invoke.length || node.after.length || node.always?.length) fail(`invoke, after or always (${where})`);
    if (node.type === 'compound' && node.initial.actions.length) fail(`initial actions (${where})`);
    const byEvent = new Map<string, Candidate[]>();
    for (const [eventType, transitions] of node.transitions) {
      if (eventType.includes('*')) fail(`wildcard event "${eventType}" (${where})`);
      byEvent.set(
        eventType,
        transitions.map((transition) => {
          if ((transition.target?.length ?? 0) > 1) fail(`a transition with several targets (${where})`);
          return {
            guard: compileGuard(transition.guard, `${where} on ${eventType}`),
            target: transition.target?.length ? leafOf(transition.target[0]) : undefined,
            updates: transition.actions.map((action) => compileAction(action, `${where} on ${eventType}`)),
          };
        }),
      );
    }
    ownCandidates.set(node, byEvent);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);

  const table = new Map<string, Map<string, Candidate[]>>();
  const meta = new Map<string, StateMeta>();
  const leaves: string[] = [];
  for (const node of ownCandidates.keys()) {
    if (node.type !== 'atomic') continue;
    const path = node.path.join('.');
    leaves.push(path);
    const chain: AnyStateNode[] = [];
    for (let current: AnyStateNode | undefined = node; current; current = current.parent) chain.push(current);
    const byEvent = new Map<string, Candidate[]>();
    for (const level of chain) {
      for (const [eventType, candidates] of ownCandidates.get(level)!) {
        byEvent.set(eventType, [...(byEvent.get(eventType) ?? []), ...candidates]);
      }
    }
    table.set(path, byEvent);
    meta.set(path, mergeMeta(chain.reverse().map((level) => level.meta as StateMeta | undefined)));
  }

  return { name, initial: initialSnapshot(machine, leafOf), table, meta, leaves };
}

function initialSnapshot(machine: AnyStateMachine, leafOf: (node: AnyStateNode) => string): LiteSnapshot {
  const context = machine.config.context;
  if (typeof context === 'function') throw new UnsupportedMachineError(machine.id, 'a context factory');
  return { value: leafOf(machine.root), context: structuredClone((context ?? {}) as Record<string, unknown>) };
}

function mergeMeta(levels: Array<StateMeta | undefined>): StateMeta {
  const merged: StateMeta = {};
  for (const level of levels) {
    if (!level) continue;
    const { refusals, ...rest } = level;
    Object.assign(merged, rest);
    if (refusals) merged.refusals = { ...merged.refusals, ...refusals };
  }
  return merged;
}

/** The transition the event takes in this state, or undefined when the machine ignores it. */
function enabledCandidate(machine: CompiledMachine, snapshot: LiteSnapshot, event: AnyEvent): Candidate | undefined {
  const candidates = machine.table.get(snapshot.value)?.get(event.type);
  if (!candidates) return undefined;
  for (const candidate of candidates) {
    if (!candidate.guard || candidate.guard(snapshot.context, event)) return candidate;
  }
  return undefined;
}

/** Whether the machine accepts the event in this state (xstate's `snapshot.can`). */
export function canAccept(machine: CompiledMachine, snapshot: LiteSnapshot, event: AnyEvent): boolean {
  const candidate = enabledCandidate(machine, snapshot, event);
  return candidate !== undefined && (candidate.target !== undefined || candidate.updates.length > 0);
}

/**
 * One step of the machine: the next snapshot, or the same object when the event is ignored.
 * Never mutates its input.
 */
export function step(machine: CompiledMachine, snapshot: LiteSnapshot, event: AnyEvent): LiteSnapshot {
  return stepWith(machine.table.get(snapshot.value)?.get(event.type), snapshot, { machineEvent: () => event });
}

/** Where a step gets its event from, only when a guard or an update needs it. */
export interface EventSource {
  machineEvent(): MachineEvent;
}

/**
 * A step from the candidates already looked up for the snapshot's state and the event type. This
 * is the fold's hot path: the event object is asked for only when a guard or an update reads it.
 */
export function stepWith(candidates: Candidate[] | undefined, snapshot: LiteSnapshot, source: EventSource): LiteSnapshot {
  if (!candidates) return snapshot;
  for (const candidate of candidates) {
    if (candidate.guard && !candidate.guard(snapshot.context, source.machineEvent())) continue;
    let context = snapshot.context;
    for (const update of candidate.updates) context = { ...context, ...update(context, source.machineEvent()) };
    return { value: candidate.target ?? snapshot.value, context };
  }
  return snapshot;
}
