/**
 * Where the platform lives (api.supabase.com unless moved, as in the original): the Management API
 * host, the dashboard that goes with it, a project's own URL and its database host.
 * SUPABASE_INTERNAL_API_HOST moves the Management API; SUPABASE_INTERNAL_PROJECT_URL moves every
 * request the original sends to `https://<ref>.supabase.co` (link's version probes, storage), so
 * both can point at local servers.
 */

export const DEFAULT_API_HOST = 'https://api.supabase.com';

/** The Management API base URL, without a trailing slash. */
export function apiHost(env: NodeJS.ProcessEnv = process.env): string {
  return (env.SUPABASE_INTERNAL_API_HOST || DEFAULT_API_HOST).replace(/\/+$/, '');
}

function isProductionApi(env: NodeJS.ProcessEnv): boolean {
  const host = new URL(apiHost(env)).hostname;
  return host === 'api.supabase.com' || host === 'api.supabase.io';
}

/** The dashboard that belongs to the API host (used in links the commands print). */
export function dashboardUrl(env: NodeJS.ProcessEnv = process.env): string {
  const host = apiHost(env);
  if (isProductionApi(env)) return 'https://supabase.com/dashboard';
  if (host === 'https://api.supabase.green') return 'https://app.supabase.green';
  return 'http://127.0.0.1:8082';
}

/** The domain projects live under: supabase.co for the hosted platform, supabase.red otherwise. */
export function projectDomain(env: NodeJS.ProcessEnv = process.env): string {
  return isProductionApi(env) ? 'supabase.co' : 'supabase.red';
}

/** `<ref>.supabase.co`, the host name of a project's APIs. */
export function projectHost(ref: string, env: NodeJS.ProcessEnv = process.env): string {
  return `${ref}.${projectDomain(env)}`;
}

/** The base URL of a project's APIs: SUPABASE_INTERNAL_PROJECT_URL when set, else `https://<ref>.supabase.co`. */
export function projectUrl(ref: string, env: NodeJS.ProcessEnv = process.env): string {
  const override = env.SUPABASE_INTERNAL_PROJECT_URL;
  if (override) return override.replace(/\/+$/, '');
  return `https://${projectHost(ref, env)}`;
}

/** `db.<ref>.supabase.co`, the direct database host of a project. */
export function projectDbHost(ref: string, env: NodeJS.ProcessEnv = process.env): string {
  return `db.${projectHost(ref, env)}`;
}
