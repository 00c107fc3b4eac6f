/**
 * The frames of Phoenix's serializer 1.0.0 (the V1 JSON serializer), which realtime-js 2.9 speaks
 * (`vsn=1.0.0`): one JSON object per text frame, `{topic, event, payload, ref, join_ref}`. Our own
 * code (the Phoenix channel protocol is the contract, DESIGN.md); only the frame shape is here, what
 * each event means is realtime-socket.ts's.
 */

export interface PhoenixFrame {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  ref: string | null;
  join_ref: string | null;
}

/** The protocol's own events (Phoenix.Channel's phx_*). */
export const PHX = { join: 'phx_join', leave: 'phx_leave', reply: 'phx_reply', error: 'phx_error', close: 'phx_close' } as const;

/** A frame's text, or why it is not a frame (the socket answers that with an error, not a crash). */
export function decodeFrame(text: string): PhoenixFrame | { malformed: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { malformed: 'the frame is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { malformed: 'the frame is not a JSON object' };
  const { topic, event, payload, ref, join_ref: joinRef } = value as Record<string, unknown>;
  if (typeof topic !== 'string' || typeof event !== 'string') return { malformed: 'the frame lacks a topic or an event' };
  const refText = (item: unknown) => (typeof item === 'string' ? item : typeof item === 'number' ? String(item) : null);
  const body = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
  return { topic, event, payload: body, ref: refText(ref), join_ref: refText(joinRef) };
}

/** The text of a frame. */
export function encodeFrame(frame: PhoenixFrame): string {
  return JSON.stringify({ ref: frame.ref, topic: frame.topic, event: frame.event, payload: frame.payload, join_ref: frame.join_ref });
}

/** A reply to a client's push: `phx_reply` with its ref, `{status, response}`. */
export function replyFrame(to: Pick<PhoenixFrame, 'topic' | 'ref' | 'join_ref'>, status: 'ok' | 'error', response: Record<string, unknown>): string {
  return encodeFrame({ topic: to.topic, event: PHX.reply, payload: { status, response }, ref: to.ref, join_ref: to.join_ref });
}

/** A message the server pushes on a joined topic (no ref: nothing answers it). */
export function pushFrame(topic: string, event: string, payload: Record<string, unknown>, joinRef: string | null = null): string {
  return encodeFrame({ topic, event, payload, ref: null, join_ref: joinRef });
}
