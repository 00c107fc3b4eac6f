/**
 * Remote paths of the storage commands, parsed as the original parses them:
 * `ss:///<bucket>/<prefix>`, scheme in any case, no host. A remote path is kept as its URL path,
 * starting with `/` (e.g. `/avatars/2024/me.png`); the first segment is the bucket and the rest the
 * object prefix.
 *
 * Which side of `cp` is remote follows the original's URL parsing: a leading `<letters>:` is a
 * scheme, so `ss:` is remote, no scheme is a local path, and any other scheme is neither.
 */
import { TaskError } from '../task-error.js';

export const STORAGE_SCHEME = 'ss';
export const INVALID_STORAGE_URL = 'URL must match pattern ss:///bucket/[prefix]';

/**
 * A URL scheme by RFC 3986: a letter, then letters, digits, `+`, `-` or `.`, then `:`. Any other
 * character before the first colon (`./a:b`, `my file:1`) means there is no scheme at all.
 */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/**
 * The scheme of a command-line argument in lower case, or '' for a plain (local) path. `what`
 * names the argument in the error for a leading colon, which the original refuses outright.
 */
export function schemeOf(argument: string, what: string): string {
  if (argument.startsWith(':')) throw new TaskError(`failed to parse ${what} url: parse "${argument}": missing protocol scheme`);
  return SCHEME.exec(argument)?.[1].toLowerCase() ?? '';
}

/** Whether an argument names a Storage path rather than a local one. */
export function isStorageUrl(argument: string): boolean {
  return SCHEME.exec(argument)?.[1].toLowerCase() === STORAGE_SCHEME;
}

/** The path of an `ss:///...` URL (percent-escapes decoded), or the original's pattern error. */
export function parseStorageUrl(argument: string): string {
  if (!isStorageUrl(argument)) throw new TaskError(INVALID_STORAGE_URL);
  let url: URL;
  try {
    url = new URL(argument);
  } catch {
    throw new TaskError(INVALID_STORAGE_URL);
  }
  // `ss:bucket` has an opaque path and `ss://host/x` a host; neither addresses a bucket.
  if (url.host !== '' || !url.pathname.startsWith('/')) throw new TaskError(INVALID_STORAGE_URL);
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    throw new TaskError(`failed to parse storage url: invalid escape in "${argument}"`);
  }
}

/** A remote path split into its bucket and the object prefix after it (both may be empty). */
export function splitBucketPrefix(remotePath: string): { bucket: string; prefix: string } {
  const trimmed = remotePath.startsWith('/') ? remotePath.slice(1) : remotePath;
  const slash = trimmed.indexOf('/');
  if (slash < 0) return { bucket: trimmed, prefix: '' };
  return { bucket: trimmed.slice(0, slash), prefix: trimmed.slice(slash + 1) };
}

/** A prefix that names a folder (or a whole bucket) rather than one object. */
export function isFolderPrefix(prefix: string): boolean {
  return prefix === '' || prefix.endsWith('/');
}

/**
 * The last element of a slash-separated path, as Go's path.Base gives it: trailing slashes are
 * ignored, an empty path is `.` and the root is `/`. The copy rules compare against these values.
 */
export function baseName(remotePath: string): string {
  if (remotePath === '') return '.';
  const trimmed = remotePath.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** The folder part of a path including its trailing slash, and the name after it (Go's path.Split). */
export function splitDirName(remotePath: string): { dir: string; name: string } {
  const slash = remotePath.lastIndexOf('/');
  return { dir: remotePath.slice(0, slash + 1), name: remotePath.slice(slash + 1) };
}
