/**
 * Where GoTrue v2.132.3 sends a user back after a flow (utilities.GetReferrer): the `redirect_to`
 * header or query parameter, else the Referer header, each only when allowed, else site_url. A URL
 * is allowed when its host name is the site URL's, or when it matches an `additional_redirect_urls`
 * entry, which GoTrue compiles as a gobwas glob with `.` and `/` as separators: `*` stays within a
 * host label or path segment, `**` crosses them, `?` is one such character, `[...]` (`[!...]`) a
 * class and `{a,b}` alternatives.
 */
import { header, type AuthRequest } from './auth-request.js';
import type { AuthApiSettings } from './auth-settings.js';

const literal = (char: string): string => char.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** A gobwas glob with separators `.` and `/`, as an anchored regular expression. */
export function globRegExp(pattern: string): RegExp {
  let source = '';
  let alternatives = 0;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '\\' && i + 1 < pattern.length) {
      i += 1;
      source += literal(pattern[i]);
    } else if (char === '*') {
      const any = pattern[i + 1] === '*';
      if (any) i += 1;
      source += any ? '.*' : '[^./]*';
    } else if (char === '?') {
      source += '[^./]';
    } else if (char === '[' && pattern.indexOf(']', i + 1) > i + 1) {
      const end = pattern.indexOf(']', i + 1);
      const body = pattern.slice(i + 1, end);
      const negated = body.startsWith('!');
      source += `[${negated ? '^' : ''}${(negated ? body.slice(1) : body).replace(/[\\\]^]/g, '\\$&')}]`;
      i = end;
    } else if (char === '{') {
      alternatives += 1;
      source += '(?:';
    } else if (char === '}' && alternatives > 0) {
      alternatives -= 1;
      source += ')';
    } else if (char === ',' && alternatives > 0) {
      source += '|';
    } else {
      source += literal(char);
    }
  }
  return new RegExp(`^${source}$`);
}

function hostnameOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/** GoTrue's IsRedirectURLValid. */
export function isRedirectAllowed(auth: AuthApiSettings, url: string): boolean {
  if (!url) return false;
  const site = hostnameOf(auth.siteUrl);
  if (site !== undefined && site === hostnameOf(url)) return true;
  return auth.uriAllowList.some((pattern) => pattern !== '' && globRegExp(pattern).test(url));
}

/** GoTrue's GetReferrer. */
export function referrerOf(request: AuthRequest, auth: AuthApiSettings): string {
  const wanted = header(request, 'redirect_to') || request.query.get('redirect_to') || '';
  if (isRedirectAllowed(auth, wanted)) return wanted;
  const referer = header(request, 'referer');
  return isRedirectAllowed(auth, referer) ? referer : auth.siteUrl;
}
