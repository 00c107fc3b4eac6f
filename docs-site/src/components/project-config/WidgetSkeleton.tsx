import React from 'react';
import ComboBox from './ComboBox';
import ValueRow from './ValueRow';
import WidgetFrame from './WidgetFrame';
import { prettyName, type Variable } from '../../lib/project-config/variables';

/**
 * The widget in its first state ("userLoading"): what the server renders and what shows while the
 * widget's code loads. It is what the live widget draws until it knows the session, so nothing
 * jumps when it takes over.
 */
export default function WidgetSkeleton({ variable }: { variable: Variable }) {
  return (
    <WidgetFrame variable={variable} selectors={<ComboBox name="project" isLoading options={[]} dataState="userLoading" />}>
      <ValueRow text="Loading..." label={prettyName(variable)} dataState="userLoading" />
    </WidgetFrame>
  );
}
