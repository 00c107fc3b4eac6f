/**
 * Picking up after a command that died. Under the operation lock, a stream still in flight has no
 * live owner, so it is closed with INTERRUPTED (every in-flight state accepts it). A state that
 * then names a `recover` event (the stack's `failed` -> STOP) is cleaned up before a request it
 * cannot accept, e.g. `start` after a start that was killed: stop first, then start.
 */
import { INTERRUPTED } from '../../machines/kit/machine-kit.js';
import { accepts, inFlight, type StreamView } from '../../machines/journal/state-view.js';
import type { JournalSession } from './journal-session.js';
import { outcomeEvent } from './journal-session.js';
import type { MachineEventInput } from './orchestration-types.js';
import { OPERATIONS_STREAM } from './pending-operations.js';

/** Records INTERRUPTED for every stream or instance left in flight; returns what was closed. */
export function closeInterrupted(session: JournalSession, notify: (message: string) => void): StreamView[] {
  const open = inFlight(session.fold);
  if (open.length === 0) return [];
  session.append(open.map((view) => outcomeEvent({ type: INTERRUPTED }, view.stream, view.key)));
  // An operation is told about by its recovery (reconcile.ts), in one line of its own.
  for (const view of open.filter((closed) => closed.stream !== OPERATIONS_STREAM)) {
    notify(`${describe(view)} was left ${view.snapshot.value} by a command that did not finish; recorded as interrupted.`);
  }
  return open;
}

/** The clean-up event the state asks for before it can take `request`, if any. */
export function recoveryFor(view: StreamView, request: MachineEventInput): MachineEventInput | undefined {
  const recover = view.meta.recover;
  if (!recover || recover.type === request.type || !accepts(view, recover)) return undefined;
  return { ...recover };
}

/** `stack`, or `migrations:local 20240101000000`. */
export function describe(view: Pick<StreamView, 'stream' | 'key'>): string {
  return view.key === undefined ? view.stream : `${view.stream} ${view.key}`;
}
