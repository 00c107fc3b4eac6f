/**
 * Reading a fold: a stream's current snapshot, what its state asks for (a task, a recovery), why
 * it refuses an event, and the conversion to xstate's state values. Pure.
 */
import type { StateValue } from 'xstate';
import type { StateMeta } from '../kit/machine-kit.js';
import { canAccept, type CompiledMachine, type LiteSnapshot } from './compile.js';
import { snapshotOf, type FoldState } from './fold.js';
import { kindOf, machineFor } from './stream-kinds.js';

/** A stream (or a keyed instance in it) and where it stands. */
export interface StreamView {
  stream: string;
  key?: string;
  machine: CompiledMachine;
  snapshot: LiteSnapshot;
  /** False when nothing was ever recorded (the snapshot is the machine's initial one). */
  recorded: boolean;
  meta: StateMeta;
}

/** Where a stream or instance stands; throws for streams no machine folds. */
export function viewOf(fold: FoldState, stream: string, key?: string): StreamView {
  const machine = machineFor(stream, key);
  if (!machine) throw new Error(`no machine folds ${key === undefined ? `stream ${stream}` : `instances of ${stream}`}`);
  const recorded = snapshotOf(fold, stream, key);
  const snapshot = recorded ?? machine.initial;
  return { stream, key, machine, snapshot, recorded: recorded !== undefined, meta: machine.meta.get(snapshot.value) ?? {} };
}

/** Whether the view's machine accepts the event now. */
export function accepts(view: StreamView, event: { type: string } & Record<string, unknown>): boolean {
  return canAccept(view.machine, view.snapshot, event);
}

/** Why the machine does not accept an event type here, in the machine's own words. */
export function refusalOf(view: StreamView, eventType: string): string {
  return (
    view.meta.refusals?.[eventType] ??
    `${eventType} is not possible while ${view.stream}${view.key === undefined ? '' : ` ${view.key}`} is ${view.snapshot.value}`
  );
}

/** Every stream and instance whose state is in flight (its state names a task). */
export function inFlight(fold: FoldState): StreamView[] {
  const found: StreamView[] = [];
  for (const [stream, entry] of Object.entries(fold.streams)) {
    const kind = kindOf(stream);
    if (!kind) continue;
    if (kind.machine && entry.machine && kind.machine.meta.get(entry.machine.value)?.task) found.push(viewOf(fold, stream));
    if (kind.keyed && entry.instances) {
      for (const [key, snapshot] of Object.entries(entry.instances)) {
        if (kind.keyed.meta.get(snapshot.value)?.task) found.push(viewOf(fold, stream, key));
      }
    }
  }
  return found;
}

/** The top-level state of a dotted leaf path (`running.healthy` -> `running`). */
export function topState(value: string): string {
  const dot = value.indexOf('.');
  return dot < 0 ? value : value.slice(0, dot);
}

/** The last segment of a dotted leaf path (`running.healthy` -> `healthy`). */
export function leafState(value: string): string {
  return value.slice(value.lastIndexOf('.') + 1);
}

/** xstate's state value for a dotted leaf path (`running.healthy` -> `{ running: 'healthy' }`). */
export function toStateValue(value: string): StateValue {
  const parts = value.split('.');
  let result: StateValue = parts[parts.length - 1];
  for (let index = parts.length - 2; index >= 0; index--) result = { [parts[index]]: result };
  return result;
}
