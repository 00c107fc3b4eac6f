/**
 * The PubSub of the Realtime service: which joined channels listen on each topic, and broadcast to
 * them. A message is encoded once for all of a topic's channels (they share the join topic, as
 * Phoenix's fastlane shares one encoding), and each channel's `send` only queues it on its own
 * socket, so one slow or vanished client never holds the others up.
 */
import { pushFrame } from './phoenix-frame.js';

/** A joined channel as the hub sees it. */
export interface ChannelMember {
  /** The topic the client joined (`realtime:room-1`). */
  readonly topic: string;
  /** Queues a frame's text on the member's socket. */
  send(text: string): void;
}

export class ChannelHub {
  private readonly topics = new Map<string, Set<ChannelMember>>();

  join(member: ChannelMember): void {
    let members = this.topics.get(member.topic);
    if (!members) this.topics.set(member.topic, (members = new Set()));
    members.add(member);
  }

  leave(member: ChannelMember): void {
    const members = this.topics.get(member.topic);
    if (!members) return;
    members.delete(member);
    if (members.size === 0) this.topics.delete(member.topic);
  }

  /** The channels joined to a topic now. */
  members(topic: string): ReadonlySet<ChannelMember> {
    return this.topics.get(topic) ?? new Set();
  }

  /** Pushes `event` with `payload` to every channel of `topic` but `except`. */
  broadcast(topic: string, event: string, payload: Record<string, unknown>, except?: ChannelMember): void {
    const members = this.topics.get(topic);
    if (!members || members.size === 0) return;
    const text = pushFrame(topic, event, payload);
    for (const member of members) if (member !== except) member.send(text);
  }
}
