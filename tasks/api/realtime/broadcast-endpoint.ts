/**
 * Realtime's REST broadcast, `POST /realtime/v1/api/broadcast` (realtime v2.25.50's
 * BroadcastController): `{messages: [{topic, event, payload}]}` sent as `broadcast` to every
 * channel joined to `realtime:<topic>`, answered 202 with no body. The token is the bearer of
 * `Authorization`, else the `apikey` header, and must verify (an empty 401 otherwise); a body
 * Ecto's changeset refuses is a 422 with its `{errors: ...}`, as realtime's ChangesetView writes it.
 */
import { checkAccessToken } from './access-token.js';
import type { ChannelHub } from './channel-hub.js';

export type BroadcastAnswer = { status: 202 | 401 } | { status: 422; body: { errors: Record<string, unknown> } };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The token of the request, as realtime's AuthTenant plug finds it. */
function requestToken(headers: Record<string, string | string[] | undefined>): string | undefined {
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && authorization.startsWith('Bearer ')) return authorization.slice('Bearer '.length);
  const apikey = headers.apikey;
  return typeof apikey === 'string' ? apikey : Array.isArray(apikey) ? apikey[0] : undefined;
}

/** Ecto's errors for one message: each field required, topic and event strings, payload a map. */
function messageErrors(message: unknown): Record<string, string[]> | 'invalid' {
  if (!isObject(message)) return 'invalid';
  const errors: Record<string, string[]> = {};
  for (const field of ['event', 'payload', 'topic'] as const) {
    const value = message[field];
    if (value === undefined || value === null || value === '') errors[field] = ["can't be blank"];
    else if (field === 'payload' ? !isObject(value) : typeof value !== 'string') errors[field] = ['is invalid'];
  }
  return errors;
}

/** Checks and sends a batch; answers what realtime answers. */
export async function broadcastBatch(hub: ChannelHub, secret: Uint8Array, headers: Record<string, string | string[] | undefined>, body: unknown): Promise<BroadcastAnswer> {
  if (!(await checkAccessToken(requestToken(headers), secret)).ok) return { status: 401 };
  const messages = isObject(body) ? body.messages : undefined;
  if (messages === undefined || messages === null || (Array.isArray(messages) && messages.length === 0)) return { status: 422, body: { errors: { messages: ["can't be blank"] } } };
  if (!Array.isArray(messages)) return { status: 422, body: { errors: { messages: ['is invalid'] } } };
  const errors = messages.map(messageErrors);
  if (errors.includes('invalid')) return { status: 422, body: { errors: { messages: ['is invalid'] } } };
  if (errors.some((entry) => Object.keys(entry).length > 0)) return { status: 422, body: { errors: { messages: errors } } };
  for (const message of messages as Array<{ topic: string; event: string; payload: Record<string, unknown> }>) {
    hub.broadcast(`realtime:${message.topic}`, 'broadcast', { payload: message.payload, event: message.event, type: 'broadcast' });
  }
  return { status: 202 };
}
