// The page's jotai store and query cache, created together because ending a session touches both:
// the atoms go back to signed out and the cached answers of that account are dropped. Every widget
// on a page shares one environment (getPageEnvironment), which is what makes two widgets cost the
// same requests as one; tests create a fresh one each.
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { platformLogout } from '../lib/platform-api/client';
import { isPermanent, isUnauthorized } from '../lib/platform-api/errors';
import { accessTokenAtom, endSessionAtom } from './platform-session';

export type JotaiStore = ReturnType<typeof createStore>;

export interface PlatformEnvironment {
  store: JotaiStore;
  queryClient: QueryClient;
  /** Forgets the session locally (no request). */
  endSession(): void;
  /** Ends the session on the server, then locally, even if the server could not be reached. */
  signOut(): Promise<void>;
}

export interface EnvironmentOptions {
  /** Milliseconds between retries of a failed read; tests pass 0. */
  retryDelay?: number;
}

/** API settings change rarely; five minutes keeps page-to-page navigation free of repeat reads. */
const STALE_TIME_MS = 5 * 60 * 1000;
const MAX_RETRIES = 3;

export function createPlatformEnvironment(options: EnvironmentOptions = {}): PlatformEnvironment {
  const store = createStore();
  const endSession = () => {
    store.set(endSessionAtom);
    queryClient.clear();
  };
  const queryClient = new QueryClient({
    // A 401 from any read means the session is over, wherever it happened. Deferred: the failing
    // query still does its own bookkeeping after this callback (it schedules its garbage
    // collection), and clearing the cache under it would leave that timer orphaned.
    queryCache: new QueryCache({ onError: (error) => isUnauthorized(error) && queueMicrotask(endSession) }),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: (failures, error) => !isPermanent(error) && failures < MAX_RETRIES,
        ...(options.retryDelay === undefined ? {} : { retryDelay: options.retryDelay }),
        refetchOnWindowFocus: false,
      },
    },
  });
  const signOut = async () => {
    const token = store.get(accessTokenAtom);
    try {
      if (token) await platformLogout(token);
    } catch {
      // Offline or stack stopped: the token is forgotten anyway and expires on its own.
    } finally {
      endSession();
    }
  };
  return { store, queryClient, endSession, signOut };
}

let pageEnvironment: PlatformEnvironment | undefined;

/** The environment every widget of the page (and of later pages, client-side) shares. */
export function getPageEnvironment(): PlatformEnvironment {
  pageEnvironment ??= createPlatformEnvironment();
  return pageEnvironment;
}
