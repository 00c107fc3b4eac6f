/**
 * The routes of the original's Kong configuration (the Go CLI's internal/start/templates/kong.yml
 * at v1.145.4), as data: which path prefix goes to which service, and which plugins run on it.
 * Kong picks the longest matching prefix, so `/auth/v1/verify` wins over `/auth/v1/`; a path no
 * prefix matches is Kong's 404. Each route strips its prefix before the upstream sees the path
 * (strip_path), which the in-process services get through fastify's prefix instead.
 *
 * Key checks: the v1.145.4 template has no key-auth plugin (the local Kong let any request
 * through); the platform checks the `apikey` of every API route, and so do we, on the routes the
 * platform's self-hosted Kong guards (`key`), with `/pg/` for the service_role key only (its ACL).
 * Storage serves public objects and signed URLs without a key, and functions check their own JWT,
 * so neither has a key check.
 */

/** How the gateway reaches a route's service. */
export type Upstream =
  /** An ApiService registered in this process under `prefix`. */
  | { kind: 'in-process'; service: string }
  /** A process of its own, found per request: `functions serve`, postgres-meta. */
  | { kind: 'proxy'; service: 'functions' | 'pg-meta' }
  /** A service the native runtime does not run (the original's analytics): always a 503. */
  | { kind: 'none'; service: string };

export interface KongRoute {
  /** The path prefix as the template writes it. */
  path: string;
  /** Who answers it. */
  upstream: Upstream;
  /** Kong's cors plugin runs on it. */
  cors: boolean;
  /** Which keys pass: none checked, either key, or the service_role key only. */
  key: 'none' | 'any' | 'service_role';
}

export const KONG_ROUTES: readonly KongRoute[] = [
  // GoTrue's links opened from mail and OAuth redirects carry no key.
  { path: '/auth/v1/verify', upstream: { kind: 'in-process', service: 'auth' }, cors: true, key: 'none' },
  { path: '/auth/v1/callback', upstream: { kind: 'in-process', service: 'auth' }, cors: true, key: 'none' },
  { path: '/auth/v1/authorize', upstream: { kind: 'in-process', service: 'auth' }, cors: true, key: 'none' },
  { path: '/auth/v1/', upstream: { kind: 'in-process', service: 'auth' }, cors: true, key: 'any' },
  { path: '/rest/v1/', upstream: { kind: 'in-process', service: 'rest' }, cors: true, key: 'any' },
  // /graphql/v1 is rewritten to /rest/v1/rpc/graphql before routing (graphql-rewrite.ts).
  { path: '/realtime/v1/', upstream: { kind: 'in-process', service: 'realtime' }, cors: true, key: 'any' },
  { path: '/storage/v1/', upstream: { kind: 'in-process', service: 'storage' }, cors: true, key: 'none' },
  { path: '/pg/', upstream: { kind: 'proxy', service: 'pg-meta' }, cors: false, key: 'service_role' },
  { path: '/functions/v1/', upstream: { kind: 'proxy', service: 'functions' }, cors: false, key: 'none' },
  { path: '/analytics/v1/', upstream: { kind: 'none', service: 'analytics' }, cors: false, key: 'any' },
];

/** The prefixes, longest first, as Kong's router tries them. */
const BY_LENGTH = [...KONG_ROUTES].sort((a, b) => b.path.length - a.path.length);

/** The route a request path goes to, or undefined (Kong's 404). */
export function matchRoute(pathname: string): KongRoute | undefined {
  return BY_LENGTH.find((route) => pathname.startsWith(route.path));
}
