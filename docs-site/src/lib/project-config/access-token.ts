// The platform session as the browser keeps it. The login page sends people back with
// `#access_token=...&token_type=bearer&expires_in=...`; the token is moved out of the address bar
// at once (history.replaceState), so it is not bookmarked, shared or left in the history.
import { remove, retrieve, store } from '../browser-storage';
import { SESSION_STORAGE_KEY } from './storage-keys';

interface StoredSession {
  accessToken: string;
  expiresAt: number;
}

/** Takes a token handed back in the URL fragment, saves it and clears the fragment. */
export function takeTokenFromLocation(now = Date.now()): string | undefined {
  if (typeof window === 'undefined' || !window.location.hash) return undefined;
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const accessToken = fragment.get('access_token');
  if (!accessToken) return undefined;
  const lifetime = Number(fragment.get('expires_in'));
  saveToken(accessToken, now + (Number.isFinite(lifetime) && lifetime > 0 ? lifetime * 1000 : 60 * 60 * 1000));
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  return accessToken;
}

export function saveToken(accessToken: string, expiresAt: number): void {
  store(SESSION_STORAGE_KEY, JSON.stringify({ accessToken, expiresAt } satisfies StoredSession));
}

/** The saved token if it has not expired; an expired or unreadable one is removed. */
export function readSavedToken(now = Date.now()): string | undefined {
  const raw = retrieve(SESSION_STORAGE_KEY);
  if (!raw) return undefined;
  try {
    const saved = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof saved.accessToken === 'string' && typeof saved.expiresAt === 'number' && saved.expiresAt > now) return saved.accessToken;
  } catch {
    // Written by something else: treat as no session.
  }
  forgetToken();
  return undefined;
}

export function forgetToken(): void {
  remove(SESSION_STORAGE_KEY);
}
