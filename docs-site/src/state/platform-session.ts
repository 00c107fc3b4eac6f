// Whether the reader is signed in to the platform API, shared by every widget on the page. It is
// "loading" until the first widget mounts and reads the token (never during server rendering, so
// the server's HTML and the first client render agree).
import { atom } from 'jotai';
import { forgetToken, readSavedToken, takeTokenFromLocation } from '../lib/project-config/access-token';
import type { SessionStatus } from '../lib/project-config/data-states';
import { clearSelectionAtom } from './project-selection';

export type Session = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; token: string };

export const sessionAtom = atom<Session>({ status: 'loading' });

export const sessionStatusAtom = atom<SessionStatus>((get) => get(sessionAtom).status);

export const accessTokenAtom = atom((get) => {
  const session = get(sessionAtom);
  return session.status === 'signedIn' ? session.token : undefined;
});

/**
 * Forgets the session locally: the token, the saved selection (it described this account's
 * projects) and the signed-in state. Used after signing out and when the server or the clock
 * says the session is over.
 */
export const endSessionAtom = atom(null, (_get, set) => {
  forgetToken();
  set(clearSelectionAtom);
  set(sessionAtom, { status: 'signedOut' });
});

/** Reads the session once per page: a token just handed back by the login page, else the saved one. */
export const loadSessionAtom = atom(null, (get, set) => {
  if (get(sessionAtom).status !== 'loading') return;
  const token = takeTokenFromLocation() ?? readSavedToken();
  if (token) set(sessionAtom, { status: 'signedIn', token });
  else set(endSessionAtom);
});
