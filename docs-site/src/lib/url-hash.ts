// A URL's hash is the reader's, not ours: a shared link that was cut or mangled can carry a
// percent-escape that is not UTF-8 (`#%E0%A4%A`), on which decodeURI and decodeURIComponent throw.
// Such a hash names no heading, so it is ignored rather than allowed to throw.

/** The element id a hash (`#id`, percent-encoded) names, or null when it names none or cannot be decoded. */
export function idFromHash(hash: string): string | null {
  if (hash.length <= 1) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

/**
 * Takes an undecodable hash out of the address, keeping the history entry's state (the router's
 * key). It must run before the router reads a new location: Gatsby's scroll handler decodeURI()s
 * the hash while rendering, and that throw unmounted the whole page, leaving it blank. (The
 * address a page is opened with is cleaned by the same test in gatsby-ssr's inline script.)
 */
export function dropUndecodableHash(): void {
  const { hash, pathname, search } = window.location;
  if (hash.length > 1 && idFromHash(hash) === null) window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}
