import React from 'react';
import BranchSelector from './BranchSelector';
import OrgProjectSelector from './OrgProjectSelector';
import SessionHint from './SessionHint';
import VariableValue from './VariableValue';
import WidgetFrame from './WidgetFrame';
import { prettyName, type Variable } from '../../lib/project-config/variables';

/** The live widget; needs <PlatformProviders> above it. */
export default function VariableWidget({ variable }: { variable: Variable }) {
  return (
    <WidgetFrame
      variable={variable}
      selectors={
        <>
          <OrgProjectSelector />
          <BranchSelector />
        </>
      }
    >
      <VariableValue variable={variable} />
      <SessionHint pretty={prettyName(variable)} />
    </WidgetFrame>
  );
}
