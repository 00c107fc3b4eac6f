/**
 * Presence as realtime v2.25.50 keeps it with Phoenix.Presence: each channel tracks at most one
 * entry under its presence key (the join's `config.presence.key`, else a fresh uuid), with the
 * payload it tracked as its meta and a `phx_ref` naming that version; tracking again replaces it
 * (the new meta carries `phx_ref_prev`). Every change is pushed to the topic's channels as
 * `presence_diff` (`{joins, leaves}`, each `{key: {metas: [...]}}`), a joining channel gets the
 * whole `presence_state`, and a channel that leaves or whose socket closes is untracked.
 */
import { randomBytes } from 'node:crypto';
import type { ChannelHub, ChannelMember } from './channel-hub.js';

type Meta = Record<string, unknown> & { phx_ref: string };

interface Entry {
  key: string;
  meta: Meta;
}

type Grouped = Record<string, { metas: Meta[] }>;

/** A Phoenix-like unique reference for a presence version. */
const newRef = (): string => randomBytes(12).toString('base64url');

export class PresenceTracker {
  private readonly entries = new Map<string, Map<ChannelMember, Entry>>();

  constructor(private readonly hub: ChannelHub) {}

  /** The topic's presences grouped by key, as `presence_state` sends them. */
  state(topic: string): Grouped {
    const grouped: Grouped = {};
    for (const { key, meta } of this.entries.get(topic)?.values() ?? []) (grouped[key] ??= { metas: [] }).metas.push(meta);
    return grouped;
  }

  /** Tracks (or updates) the member's presence under `key` with `payload`, and tells the topic. */
  track(member: ChannelMember, key: string, payload: Record<string, unknown>): void {
    let topic = this.entries.get(member.topic);
    if (!topic) this.entries.set(member.topic, (topic = new Map()));
    const previous = topic.get(member);
    const meta: Meta = { ...payload, phx_ref: newRef() };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    topic.set(member, { key, meta });
    const leaves: Grouped = previous ? { [previous.key]: { metas: [previous.meta] } } : {};
    this.hub.broadcast(member.topic, 'presence_diff', { joins: { [key]: { metas: [meta] } }, leaves });
  }

  /** Untracks the member's presence, if any, and tells the topic. */
  untrack(member: ChannelMember): void {
    const topic = this.entries.get(member.topic);
    const previous = topic?.get(member);
    if (!topic || !previous) return;
    topic.delete(member);
    if (topic.size === 0) this.entries.delete(member.topic);
    this.hub.broadcast(member.topic, 'presence_diff', { joins: {}, leaves: { [previous.key]: { metas: [previous.meta] } } });
  }
}
