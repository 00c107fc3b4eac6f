import React, { Suspense, lazy } from 'react';
import WidgetErrorBoundary from './WidgetErrorBoundary';
import WidgetSkeleton from './WidgetSkeleton';
import { useMounted } from '../../lib/use-mounted';
import type { Variable } from '../../lib/project-config/variables';

// The live widget (TanStack Query, the platform client) is its own chunk, fetched only by pages
// that use the widget. Everything here is small and renders the loading state on the server.
const PageVariableWidget = lazy(() => import(/* webpackChunkName: "project-config-variables" */ './PageVariableWidget'));

/** `<ProjectConfigVariables variable="url" />` or `variable="anonKey"` in a guide. */
export default function ProjectConfigVariables({ variable }: { variable: Variable }) {
  const mounted = useMounted();
  const skeleton = <WidgetSkeleton variable={variable} />;
  return (
    <WidgetErrorBoundary>
      {mounted ? (
        <Suspense fallback={skeleton}>
          <PageVariableWidget variable={variable} />
        </Suspense>
      ) : (
        skeleton
      )}
    </WidgetErrorBoundary>
  );
}
