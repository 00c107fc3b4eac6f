/**
 * Whether a stream's machine would accept a request now, with the facts its stream kind adds from
 * other streams (the hostname / subdomain exclusivity). Pure: the orchestration asks it before it
 * records a request, and a hosted command asks it to know when the journal alone would refuse, so
 * that it reads the platform first.
 */
import type { FoldState } from './fold.js';
import { accepts, viewOf } from './state-view.js';
import { kindOf } from './stream-kinds.js';

/** A request on a stream (or on a keyed instance in it). */
export interface StreamRequest {
  stream: string;
  key?: string;
  event: { type: string } & Record<string, unknown>;
}

/** The request's event with the facts its stream kind reads from the other streams of the fold. */
export function eventWithFacts(fold: FoldState, request: StreamRequest): StreamRequest['event'] {
  const facts = kindOf(request.stream)?.requestFacts?.(request.stream, (stream) => fold.streams[stream]?.machine?.value);
  return facts ? { ...request.event, ...facts } : request.event;
}

/** Whether the machine accepts the request in the fold's state. */
export function acceptsRequest(fold: FoldState, request: StreamRequest): boolean {
  return accepts(viewOf(fold, request.stream, request.key), eventWithFacts(fold, request));
}
