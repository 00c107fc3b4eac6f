// Where the widget reads data and sends people to sign in. Both are build settings (Gatsby inlines
// GATSBY_* variables into the bundle); the defaults are the local platform API that
// `supabase start` serves on the [studio] port.
//
// A page may override them before the site's scripts run by defining
// `window.__SUPABASE_DOCS_PLATFORM__ = { apiUrl, dashboardUrl }` (the browser test does this with
// an init script, to point a prebuilt site at a stack on a random port). There is deliberately no
// query-string override: the widget sends the access token to the API URL, so a URL that anyone
// can put in a link must never choose it.

export const DEFAULT_PLATFORM_URL = 'http://127.0.0.1:54323';
/** The hosted platform: its API and the dashboard that goes with it. */
export const HOSTED_API_URL = 'https://api.supabase.com';
export const HOSTED_DASHBOARD_URL = 'https://supabase.com/dashboard';

export interface PlatformSettings {
  apiUrl: string;
  dashboardUrl: string;
}

declare global {
  interface Window {
    __SUPABASE_DOCS_PLATFORM__?: Partial<PlatformSettings>;
  }
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
const isHosted = (apiUrl: string) => apiUrl === HOSTED_API_URL;

/**
 * The settings in effect now (read on every call, so an override set late still counts). Without
 * a dashboard URL of its own, the dashboard is the hosted one for the hosted API, else the API's
 * own server (the local platform API serves the pages the links open).
 */
export function platformSettings(): PlatformSettings {
  const override = typeof window === 'undefined' ? undefined : window.__SUPABASE_DOCS_PLATFORM__;
  const apiUrl = withoutTrailingSlash(override?.apiUrl || process.env.GATSBY_PLATFORM_API_URL || DEFAULT_PLATFORM_URL);
  const dashboardUrl = override?.dashboardUrl || process.env.GATSBY_DASHBOARD_URL || (isHosted(apiUrl) ? HOSTED_DASHBOARD_URL : apiUrl);
  return { apiUrl, dashboardUrl: withoutTrailingSlash(dashboardUrl) };
}

/** The dashboard page listing a project's API settings (`_` lets the dashboard pick the project). */
export function dashboardApiSettingsUrl(): string {
  return `${platformSettings().dashboardUrl}/project/_/settings/api`;
}

/**
 * The sign-in page. The local one comes back to `returnTo` with the access token in the URL
 * fragment; the hosted dashboard signs in on its own pages and keeps its session there.
 */
export function dashboardLoginUrl(returnTo: string): string {
  const { dashboardUrl } = platformSettings();
  if (dashboardUrl === HOSTED_DASHBOARD_URL) return dashboardUrl;
  return `${dashboardUrl}/login?redirect_to=${encodeURIComponent(returnTo)}`;
}
