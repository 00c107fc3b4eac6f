/**
 * The local JWT secret and the anon / service_role API keys (signed at config load
 * and shown by status, as in the original). When the
 * secret is the default one, the keys are the original's well-known default keys; with any other
 * secret they are signed here with the same claims.
 */
import { signHs256 } from './jwt.js';

/** The local stack's default JWT secret. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The original's default anon key (signed with DEFAULT_JWT_SECRET). */
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** The original's default service_role key (signed with DEFAULT_JWT_SECRET). */
export const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** Fixed expiry of the local keys (2032-11-12), as in the original. */
export const LOCAL_KEY_EXPIRY = 1983812996;

export type ApiRole = 'anon' | 'service_role';

/** Signs the local API key of a role: claims `{"iss":"supabase-demo","role":<role>,"exp":1983812996}`. */
export function apiKeyFor(role: ApiRole, secret: string): string {
  if (secret === DEFAULT_JWT_SECRET) return role === 'anon' ? DEFAULT_ANON_KEY : DEFAULT_SERVICE_ROLE_KEY;
  return signHs256({ iss: 'supabase-demo', role, exp: LOCAL_KEY_EXPIRY }, secret);
}

/** The keys a config ends up with: explicit overrides (SUPABASE_AUTH_*_KEY) win, else signed ones. */
export function resolveApiKeys(secret: string, overrides: { anon?: string; serviceRole?: string } = {}): {
  anon: string;
  serviceRole: string;
} {
  return {
    anon: overrides.anon || apiKeyFor('anon', secret),
    serviceRole: overrides.serviceRole || apiKeyFor('service_role', secret),
  };
}
