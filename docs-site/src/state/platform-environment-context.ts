import { createContext, useContext } from 'react';
import type { PlatformEnvironment } from './platform-environment';

/** Gives the widgets' components the environment's actions (sign-out) besides its store and cache. */
export const PlatformEnvironmentContext = createContext<PlatformEnvironment | null>(null);

export function usePlatformEnvironment(): PlatformEnvironment {
  const environment = useContext(PlatformEnvironmentContext);
  if (!environment) throw new Error('usePlatformEnvironment must be used inside <PlatformProviders>');
  return environment;
}
