import React from 'react';
import PlatformProviders from './PlatformProviders';
import VariableWidget from './VariableWidget';
import { getPageEnvironment } from '../../state/platform-environment';
import type { Variable } from '../../lib/project-config/variables';

/** The lazily loaded part: the live widget on the page's shared store and query cache. */
export default function PageVariableWidget({ variable }: { variable: Variable }) {
  return (
    <PlatformProviders environment={getPageEnvironment()}>
      <VariableWidget variable={variable} />
    </PlatformProviders>
  );
}
