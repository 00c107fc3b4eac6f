import { useCallback, useEffect } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { accessTokenAtom, loadSessionAtom, sessionStatusAtom } from '../../state/platform-session';

/**
 * The session status, plus readers of the token and of "signed in" as they are now (for queries,
 * which must decide when a request starts, not with the value of the last render). The first
 * caller on the page reads the session after mounting.
 */
export function useSession() {
  const status = useAtomValue(sessionStatusAtom);
  const store = useStore();
  const load = useSetAtom(loadSessionAtom);
  useEffect(() => load(), [load]);
  const readToken = useCallback(() => store.get(accessTokenAtom), [store]);
  const isSignedIn = useCallback(() => store.get(accessTokenAtom) !== undefined, [store]);
  return { status, readToken, isSignedIn };
}
