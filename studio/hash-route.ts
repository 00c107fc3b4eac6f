/**
 * The location hash as the Studio's address: `#/<section>/<path...>?<params>`. The section id
 * picks the section; what follows is that section's own, so that the view a user is on survives a
 * reload and opens again from a shared link. The hash rather than the path: the server serves one
 * page, and the back button walks the hashes.
 */
import { useSyncExternalStore } from 'react';

export interface HashRoute {
  /** The section's id, `''` for none. */
  section: string;
  /** The section's own segments after its id, decoded. */
  path: string[];
  params: URLSearchParams;
}

/** A segment as written, when it is not valid percent-encoding: a mistyped address opens the default view, it does not throw. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The route a location hash names. */
export function parseHash(hash: string): HashRoute {
  const text = hash.replace(/^#\/?/, '');
  const query = text.indexOf('?');
  const segments = (query < 0 ? text : text.slice(0, query)).split('/').filter((segment) => segment !== '').map(decoded);
  return { section: segments[0] ?? '', path: segments.slice(1), params: new URLSearchParams(query < 0 ? '' : text.slice(query + 1)) };
}

/** The hash of a route; parameters with an empty value are left out, as the section's defaults. */
export function hashOf(section: string, path: readonly string[] = [], params: Record<string, string> = {}): string {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== '')).toString();
  return `#/${[section, ...path].map(encodeURIComponent).join('/')}${query ? `?${query}` : ''}`;
}

/** The zero-based page a route's `page` parameter names: the address counts from 1; missing or wrong, the first. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page - 1 : 0;
}

/** The `page` parameter of a zero-based page: empty (left out) for the first. */
export function pageParam(page: number): string {
  return page > 0 ? String(page + 1) : '';
}

/**
 * Goes to a hash. `replace` rewrites the current history entry instead of adding one: a choice
 * such as a select's, which the arrow keys change once per option, is not worth a Back each.
 */
export function navigate(hash: string, options: { replace?: boolean } = {}): void {
  if (hash === location.hash) return;
  if (!options.replace) {
    location.hash = hash;
    return;
  }
  history.replaceState(history.state, '', hash);
  // replaceState fires no hashchange; the sections listen for one.
  dispatchEvent(new HashChangeEvent('hashchange'));
}

function subscribe(onChange: () => void): () => void {
  addEventListener('hashchange', onChange);
  return () => removeEventListener('hashchange', onChange);
}

/** The current location hash, rendering again whenever it changes. */
export function useHash(): string {
  return useSyncExternalStore(subscribe, () => location.hash);
}
