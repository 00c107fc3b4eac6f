/**
 * What every socket of the Realtime service shares: the topics' channels, presence, the database
 * change stream, the pool writing realtime.subscription, and the project's JWT secret.
 */
import type pg from 'pg';
import type { ChannelHub } from './channel-hub.js';
import type { PresenceTracker } from './presence-tracker.js';
import type { ChangeStream } from './postgres-changes/change-stream.js';

export interface RealtimeContext {
  hub: ChannelHub;
  presence: PresenceTracker;
  changes: ChangeStream;
  /** Connections as supabase_admin, as realtime connects: realtime.subscription is written through it. */
  pool: pg.Pool;
  secret: Uint8Array;
  log(line: string): void;
}
