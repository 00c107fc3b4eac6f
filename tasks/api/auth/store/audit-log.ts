/**
 * auth.audit_log_entries as GoTrue v2.132.3 writes them: one row per action, with the nil instance
 * id, an empty ip_address (GoTrue passes none), and a json payload whose members are in the order
 * Go writes a map (sorted by name): action, actor_id, actor_name (the user's full_name, when set),
 * actor_username (phone, else email), actor_via_sso, log_type, traits.
 */
import { randomUUID } from 'node:crypto';
import type { AuthDb } from '../auth-db.js';
import { NIL_UUID } from './users.js';

export type AuditAction =
  | 'login' | 'logout' | 'invite_accepted' | 'user_signedup' | 'user_invited' | 'user_deleted' | 'user_modified'
  | 'user_recovery_requested' | 'user_reauthenticate_requested' | 'user_confirmation_requested' | 'user_repeated_signup'
  | 'user_updated_password' | 'token_revoked' | 'token_refreshed' | 'generate_recovery_codes' | 'factor_in_progress'
  | 'factor_unenrolled' | 'challenge_created' | 'verification_attempted' | 'factor_deleted' | 'recovery_codes_deleted'
  | 'factor_updated' | 'mfa_code_login' | 'identity_unlinked';

/** GoTrue's ActionLogTypeMap; an action missing from it logs an empty type, as in Go. */
const LOG_TYPE: Partial<Record<AuditAction, string>> = {
  login: 'account', logout: 'account', invite_accepted: 'account',
  user_signedup: 'team', user_invited: 'team', user_deleted: 'team',
  token_revoked: 'token', token_refreshed: 'token',
  user_modified: 'user', user_recovery_requested: 'user', user_confirmation_requested: 'user', user_repeated_signup: 'user',
  user_updated_password: 'user', generate_recovery_codes: 'user',
  factor_in_progress: 'factor', factor_unenrolled: 'factor', challenge_created: 'factor', verification_attempted: 'factor',
  factor_deleted: 'factor', factor_updated: 'factor', mfa_code_login: 'factor',
  recovery_codes_deleted: 'recovery_codes',
};

/** Who did it: a user, or the admin GoTrue makes of a service_role token (nil id, the role as email). */
export interface AuditActor {
  id: string;
  email: string | null;
  phone: string | null;
  isSsoUser: boolean;
  userMetaData: Record<string, unknown> | null;
}

/** The actor GoTrue's requireAdmin makes of an admin token. */
export const adminActor = (role: string): AuditActor => ({ id: NIL_UUID, email: role, phone: null, isSsoUser: false, userMetaData: null });

/** Go's encoding of a map: members sorted by name, nested maps too. */
function sortedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedJson);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedJson((value as Record<string, unknown>)[key])]));
  return value;
}

/** GoTrue's NewAuditLogEntry. */
export async function audit(db: AuthDb, actor: AuditActor, action: AuditAction, traits?: Record<string, unknown>): Promise<void> {
  const payload: Record<string, unknown> = {
    actor_id: actor.id,
    actor_via_sso: actor.isSsoUser,
    actor_username: actor.phone || actor.email || '',
    action,
    log_type: LOG_TYPE[action] ?? '',
  };
  const name = actor.userMetaData?.full_name;
  if (name !== undefined) payload.actor_name = name;
  if (traits) payload.traits = traits;
  await db.query(
    "insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address) values ($1, $2, $3, clock_timestamp(), '')",
    [NIL_UUID, randomUUID(), JSON.stringify(sortedJson(payload))],
  );
}
