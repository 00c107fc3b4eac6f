/**
 * Where GoTrue v2.132.3 sends a user back (utilities.GetReferrer): `redirect_to` from a header of
 * that name or the query string, else the Referer header, each only when allowed, else the
 * site_url. A URL is allowed when its host is the site_url's, or when it matches one of
 * `additional_redirect_urls` as a gobwas glob with `.` and `/` as separators (GoTrue compiles its
 * URI allow list so): `*` stays within a host label or path segment, `**` crosses them, `?` is one
 * such character, `[...]`/`[!...]` a class, `{a,b}` alternatives, `\` escapes.
 */
import { header, type AuthRequest } from './auth-request.js';
import type { AuthApiSettings } from './auth-settings.js';

const NOT_SEPARATOR = '[^./]';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A gobwas glob (separators `.` and `/`) as an anchored regular expression. */
export function globRegExp(pattern: string): RegExp {
  let out = '';
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) out += escapeRegExp(pattern[++i]);
    else if (c === '*') {
      if (pattern[i + 1] === '*') {
        out += '.*';
        i++;
      } else out += `${NOT_SEPARATOR}*`;
    } else if (c === '?') out += NOT_SEPARATOR;
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) out += '\\[';
      else {
        let body = pattern.slice(i + 1, end);
        const negated = body.startsWith('!');
        if (negated) body = body.slice(1);
        out += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`;
        i = end;
      }
    } else if (c === '{') {
      depth++;
      out += '(?:';
    } else if (c === '}' && depth > 0) {
      depth--;
      out += ')';
    } else if (c === ',' && depth > 0) out += '|';
    else out += escapeRegExp(c);
  }
  return new RegExp(`^${out}$`);
}

function hostname(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/** GoTrue's IsRedirectURLValid. */
export function isRedirectAllowed(auth: AuthApiSettings, url: string): boolean {
  if (!url) return false;
  const site = hostname(auth.siteUrl);
  if (site !== undefined && site === hostname(url)) return true;
  return auth.uriAllowList.some((pattern) => pattern.trim() !== '' && globRegExp(pattern.trim()).test(url));
}

/** GoTrue's GetReferrer: the allowed redirect_to (header, then query), else the allowed Referer, else site_url. */
export function referrerOf(request: AuthRequest, auth: AuthApiSettings): string {
  const wanted = header(request, 'redirect_to') || request.query.get('redirect_to') || '';
  if (isRedirectAllowed(auth, wanted)) return wanted;
  const referer = header(request, 'referer');
  if (isRedirectAllowed(auth, referer)) return referer;
  return auth.siteUrl;
}
