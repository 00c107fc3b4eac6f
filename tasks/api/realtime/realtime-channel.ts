/**
 * One joined channel of a socket, as realtime v2.25.50's RealtimeChannel runs it: the join (token
 * check, `config` with broadcast `self`/`ack`, presence `key` and postgres_changes bindings, or
 * the old API's `realtime:schema:table:filter` topic), then the client's pushes on it (broadcast,
 * presence track/untrack, access_token) and its end (leave, socket closed, token expired). Our own
 * code: the channel protocol is the contract (DESIGN.md).
 */
import { randomUUID } from 'node:crypto';
import { checkAccessToken } from './access-token.js';
import type { ChannelMember } from './channel-hub.js';
import { errorTuple, inspect } from './elixir-inspect.js';
import type { PhoenixFrame } from './phoenix-frame.js';
import { encodeFrame, pushFrame, replyFrame } from './phoenix-frame.js';
import type { RealtimeContext } from './realtime-context.js';
import { createSubscriptions, deleteSubscriptions, type Binding } from './postgres-changes/subscription-sql.js';

/** realtime's @confirm_token_ms_interval: a token is checked again at least this often. */
const CONFIRM_TOKEN_MS = 5 * 60 * 1000;

/** What the channel needs of its socket. */
export interface ChannelSocket {
  send(text: string): void;
  /** The key the socket connected with: the token when the join names none. */
  readonly apiKey: string;
  /** Called once the channel has ended, so the socket forgets it. */
  ended(channel: RealtimeChannel): void;
}

interface PgBinding extends Binding {
  /** The id the join reply gives the client for this binding (realtime: erlang:phash2 of the params). */
  id: number;
}

/** A stable small integer for a binding's params, in the range of erlang:phash2 (27 bits). */
function paramsId(params: Record<string, unknown>): number {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(params)) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash & 0x7ffffff;
}

const objectOf = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The bindings of a join: the config's postgres_changes (new API), or the topic's (old API). */
function bindingsOf(isNewApi: boolean, payload: Record<string, unknown>, subTopic: string): PgBinding[] {
  let list: Array<Record<string, unknown>>;
  if (isNewApi) {
    const changes = objectOf(payload.config).postgres_changes;
    list = Array.isArray(changes) ? changes.map(objectOf) : [];
  } else {
    const [schema, table, ...filter] = subTopic.split(':');
    const params: Record<string, unknown> = { schema };
    if (table !== undefined) params.table = table;
    if (filter.length > 0) params.filter = filter.join(':');
    list = [params];
  }
  return list.map((params) => ({ uuid: randomUUID(), params, id: paramsId(params) }));
}

export class RealtimeChannel implements ChannelMember {
  private claims: Record<string, unknown> = {};
  private accessToken = '';
  private bindings: PgBinding[] = [];
  private isNewApi = false;
  private selfBroadcast = false;
  private ackBroadcast = false;
  private presenceKey = '';
  private tokenTimer: NodeJS.Timeout | undefined;
  private over = false;

  constructor(
    readonly topic: string,
    readonly joinRef: string | null,
    private readonly socket: ChannelSocket,
    private readonly context: RealtimeContext,
  ) {}

  send(text: string): void {
    if (!this.over) this.socket.send(text);
  }

  /** Runs the join and answers it; false when it was refused (the channel never joined). */
  async join(frame: PhoenixFrame): Promise<boolean> {
    const { payload } = frame;
    const subTopic = this.topic.slice('realtime:'.length);
    this.accessToken = typeof payload.user_token === 'string' ? payload.user_token : typeof payload.access_token === 'string' ? payload.access_token : this.socket.apiKey;
    const checked = await this.confirmToken();
    if (!checked.ok) {
      this.over = true;
      this.socket.send(replyFrame(frame, 'error', { reason: inspect(errorTuple(checked.reason)) }));
      return false;
    }
    this.isNewApi = 'config' in payload;
    const config = objectOf(payload.config);
    this.selfBroadcast = Boolean(objectOf(config.broadcast).self);
    this.ackBroadcast = Boolean(objectOf(config.broadcast).ack);
    const key = objectOf(config.presence).key;
    this.presenceKey = typeof key === 'string' && key.length > 0 ? key : randomUUID();
    this.bindings = bindingsOf(this.isNewApi, payload, subTopic);
    // Unlike realtime, the subscription rows and the slot are in place before the reply: a client
    // that writes as soon as it is told SUBSCRIBED sees its own change.
    const failure = this.bindings.length > 0 ? await this.subscribe() : undefined;
    if (this.over) {
      // The socket went while the rows were written: they are removed again.
      await this.forget();
      return false;
    }
    this.context.hub.join(this);
    this.socket.send(replyFrame(frame, 'ok', { postgres_changes: this.bindings.map((binding) => ({ ...binding.params, id: binding.id })) }));
    if (this.isNewApi) this.socket.send(pushFrame(this.topic, 'presence_state', this.context.presence.state(this.topic)));
    if (this.bindings.length > 0) {
      const status = failure === undefined ? 'ok' : 'error';
      const message = failure === undefined ? 'Subscribed to PostgreSQL' : `Subscribing to PostgreSQL failed: ${failure}`;
      if (failure !== undefined) this.context.log(`realtime: ${this.topic}: ${message}`);
      this.socket.send(pushFrame(this.topic, 'system', { extension: 'postgres_changes', status, message, channel: subTopic }));
    }
    return true;
  }

  /** A client push on this channel (anything but join and leave, which the socket handles). */
  async handle(frame: PhoenixFrame): Promise<void> {
    const { event, payload } = frame;
    if (event === 'access_token') return this.refreshToken(payload.access_token);
    if (event === 'broadcast' && this.isNewApi) {
      this.context.hub.broadcast(this.topic, 'broadcast', payload, this.selfBroadcast ? undefined : this);
      if (this.ackBroadcast) this.socket.send(replyFrame(frame, 'ok', {}));
      return;
    }
    if (event === 'presence' && this.isNewApi && typeof payload.event === 'string') {
      const action = payload.event.toLowerCase();
      if (action === 'track') this.context.presence.track(this, this.presenceKey, objectOf(payload.payload));
      else if (action === 'untrack') this.context.presence.untrack(this);
      this.socket.send(replyFrame(frame, action === 'track' || action === 'untrack' ? 'ok' : 'error', {}));
      return;
    }
    // Anything else is answered with nothing; realtime logs it at info, below its default level,
    // and so writes nothing either (a client repeating a bad push must not fill the log).
  }

  /** Ends the channel: presence untracked, subscriptions deleted; `close` pushes phx_close to the client. */
  async end(close: { ref: string | null } | undefined): Promise<void> {
    if (this.over) return;
    // Phoenix's phx_close carries the join's ref as both refs, so the client matches it to its join.
    if (close) this.socket.send(encodeFrame({ topic: this.topic, event: 'phx_close', payload: {}, ref: close.ref ?? this.joinRef, join_ref: this.joinRef }));
    this.over = true;
    if (this.tokenTimer) clearTimeout(this.tokenTimer);
    this.context.hub.leave(this);
    this.context.presence.untrack(this);
    this.socket.ended(this);
    await this.forget();
  }

  /** Removes the bindings from the change stream and their rows from realtime.subscription. */
  private async forget(): Promise<void> {
    const uuids = this.bindings.map((binding) => binding.uuid);
    this.context.changes.remove(uuids);
    await deleteSubscriptions(this.context.pool, uuids).catch((error: Error) => this.context.log(`realtime: deleting subscriptions failed: ${error.message}`));
  }

  /** realtime's shutdown_response: a system error message, then the channel stops. */
  private async shutdown(message: string): Promise<void> {
    this.socket.send(pushFrame(this.topic, 'system', { extension: 'system', status: 'error', message, channel: this.topic.slice('realtime:'.length) }));
    await this.end({ ref: this.joinRef });
  }

  /** Checks the channel's token and schedules the next check (at its expiry, or in 5 minutes). */
  private async confirmToken(): Promise<{ ok: true } | { ok: false; reason: unknown }> {
    const checked = await checkAccessToken(this.accessToken, this.context.secret);
    if (!checked.ok) return checked;
    const exp = checked.claims.exp;
    if (typeof exp !== 'number') return { ok: false, reason: 'Fields `role` and `exp` are required in JWT' };
    this.claims = checked.claims;
    if (this.tokenTimer) clearTimeout(this.tokenTimer);
    const wait = Math.min(CONFIRM_TOKEN_MS, Math.max(0, exp * 1000 - Date.now()));
    this.tokenTimer = setTimeout(() => void this.recheckToken(), wait);
    this.tokenTimer.unref();
    return { ok: true };
  }

  private async recheckToken(): Promise<void> {
    const checked = await this.confirmToken();
    if (!checked.ok) await this.shutdown(`access token has expired: ${inspect(checked.reason)}`);
  }

  /** `access_token`: a new token for the channel; its claims then decide what postgres_changes it sees. */
  private async refreshToken(token: unknown): Promise<void> {
    if (token === null || token === undefined || token === this.accessToken || typeof token !== 'string') return;
    this.accessToken = token;
    const checked = await this.confirmToken();
    if (!checked.ok) return this.shutdown(`Received an invalid access token from client: ${inspect(checked.reason)}`);
    if (this.bindings.length > 0) {
      // The rows are written again with the new claims (realtime re-subscribes the same way).
      const failure = await createSubscriptions(this.context.pool, this.bindings, this.claims);
      if (failure !== undefined) this.context.log(`realtime: re-subscribing with a new token failed: ${failure}`);
    }
  }

  /** Writes the bindings' rows and registers them with the change stream; answers realtime's failure text. */
  private async subscribe(): Promise<string | undefined> {
    const failure = await createSubscriptions(this.context.pool, this.bindings, this.claims);
    if (failure !== undefined) return failure;
    try {
      await this.context.changes.add(
        this.bindings.map((binding) => [binding.uuid, { id: binding.id, channel: this, deliver: (ids, data) => this.send(pushFrame(this.topic, 'postgres_changes', { ids, data })) }]),
      );
      return undefined;
    } catch (error) {
      return inspect(errorTuple((error as Error).message));
    }
  }
}
