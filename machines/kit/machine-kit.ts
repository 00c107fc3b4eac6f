/**
 * The shapes every machine of the tool shares. Guards and context updates are written once as
 * plain pure functions: xstate gets them wrapped (setup's guards and assign actions), and the
 * journal's fold runs the very same functions from a table compiled out of the machine, so the
 * two cannot drift apart (the model-based tests check that they agree on every path).
 */
import { assign } from 'xstate';
import type { AnyStateMachine, EventObject, MachineContext } from 'xstate';

/** Parameters given to a guard or an update in the machine definition (`{ type, params }`). */
export type Params = Record<string, unknown> | undefined;

// Method syntax makes the parameters bivariant, so a definition for one machine's context and
// events is still a MachineDefinition in lists of all of them (the registry, the fold).
/** A guard as a plain predicate over the context and the event. */
export type GuardFn<C, E> = { check(context: C, event: E, params: Params): boolean }['check'];

/** A context update as a plain function returning the changed fields. */
export type UpdateFn<C, E> = { update(context: C, event: E, params: Params): Partial<C> }['update'];

/**
 * What a state tells the orchestration layer, kept in xstate's `meta` so diagrams and docs see it.
 * - `task`: the effect to run while in this state (an in-flight state); its outcome is an event.
 * - `failure`: the event recorded (with `error`) when that task throws.
 * - `refusals`: why an event is not accepted here, in words a user can act on.
 * - `warning`: shown to users when the state is entered (e.g. auth moving to a custom hostname).
 * - `recover`: the event that cleans up this state when another request cannot be accepted here.
 */
export interface StateMeta {
  task?: string;
  failure?: string;
  refusals?: Record<string, string>;
  warning?: string;
  recover?: EventObject & Record<string, unknown>;
}

/** Every event a machine knows, with the sentence that documents it. */
export type EventCatalog<E extends EventObject> = { [K in E['type']]: string };

/** Stream naming: which journal streams a machine folds and which event field keys an instance. */
export interface StreamBinding {
  /** Stream name, or a pattern such as `branches:<project ref>`. */
  stream: string;
  /** For machines with one instance per key inside a stream: the event field holding the key. */
  keyField?: string;
}

/** A machine with its plain guard and update tables and its documented events. */
export interface MachineDefinition<C extends MachineContext = MachineContext, E extends EventObject = EventObject> {
  /** The name maintainers use: `supabase machines <name>`. */
  name: string;
  description: string;
  machine: AnyStateMachine;
  guards: Record<string, GuardFn<C, E>>;
  updates: Record<string, UpdateFn<C, E>>;
  events: EventCatalog<E>;
  binding: StreamBinding;
  /** Concrete events for model-based tests and path search (guards need real data). */
  sampleEvents: E[];
  /**
   * The context fields that change what the machine does next (its guards read them). Path search
   * tells states apart by value and these fields only; the rest of the context is description.
   */
  behaviourContext: Array<keyof C & string>;
}

/** Wraps plain guards for xstate's `setup({ guards })`. */
export function xstateGuards<C, E>(guards: Record<string, GuardFn<C, E>>) {
  return Object.fromEntries(
    Object.entries(guards).map(([name, guard]) => [
      name,
      ({ context, event }: { context: C; event: E }, params: Params) => guard(context, event, params),
    ]),
  ) as Record<string, (args: { context: C; event: E }, params: Params) => boolean>;
}

/** Wraps plain updates as xstate `assign` actions for `setup({ actions })`. */
export function xstateUpdates<C extends MachineContext, E extends EventObject>(updates: Record<string, UpdateFn<C, E>>) {
  return Object.fromEntries(
    Object.entries(updates).map(([name, update]) => [
      name,
      assign<C, E, Params, E, never>(({ context, event }, params) => update(context, event, params)),
    ]),
  ) as Record<string, ReturnType<typeof assign<C, E, Params, E, never>>>;
}

/**
 * The guarded transitions that take an in-flight state back to the stable state it came from,
 * which the entering transition recorded in `context.origin` (see `enter`). One place, so every
 * machine returns from a failure or an interruption the same way.
 */
export function backToOrigin(origins: readonly string[], description: string) {
  return origins.map((origin) => ({
    target: origin,
    guard: { type: 'originIs', params: { origin } },
    actions: [{ type: 'clearOrigin' }],
    description: `${description} (back to ${origin})`,
  }));
}

/**
 * FAILED and INTERRUPTED for an in-flight state of a hosted resource: both go back to the origin,
 * after the machine's own `rememberError` update recorded why.
 */
export function failureTransitions(origins: readonly string[], failed: string, interrupted: string) {
  const withError = (description: string) =>
    backToOrigin(origins, description).map((transition) => ({ ...transition, actions: [{ type: 'rememberError' }, ...transition.actions] }));
  return { FAILED: withError(failed), [INTERRUPTED]: withError(interrupted) };
}

/** A transition into an in-flight state that remembers where it came from. */
export function enter(target: string, origin: string, description: string, extra: Array<string | { type: string }> = []) {
  return { target, actions: [{ type: 'rememberOrigin', params: { origin } }, ...extra], description };
}

/** Context fields of machines that return to their origin after a failure. */
export interface OriginContext {
  origin: string | null;
}

/** The guard and updates that `enter` and `backToOrigin` rely on. */
export const originGuards = {
  originIs: (context: OriginContext, _event: unknown, params: Params) => context.origin === params?.origin,
};

export const originUpdates = {
  rememberOrigin: (_context: OriginContext, _event: unknown, params: Params) => ({ origin: String(params?.origin) }),
  clearOrigin: () => ({ origin: null }),
};

/** The event every in-flight state accepts: the command running its task died (found on the next run). */
export const INTERRUPTED = 'INTERRUPTED';
