import React from 'react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import type { PlatformEnvironment } from '../../state/platform-environment';
import { PlatformEnvironmentContext } from '../../state/platform-environment-context';

/** Puts one environment's store, query cache and actions under the widget. */
export default function PlatformProviders({ environment, children }: { environment: PlatformEnvironment; children: ReactNode }) {
  return (
    <PlatformEnvironmentContext.Provider value={environment}>
      <QueryClientProvider client={environment.queryClient}>
        <JotaiProvider store={environment.store}>{children}</JotaiProvider>
      </QueryClientProvider>
    </PlatformEnvironmentContext.Provider>
  );
}
