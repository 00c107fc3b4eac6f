import React from 'react';
import type { ReactNode } from 'react';
import { VARIABLES, prettyName, type Variable } from '../../lib/project-config/variables';
import { styles } from './styles';

interface WidgetFrameProps {
  variable: Variable;
  /** The project (and branch) choice, drawn side by side. */
  selectors: ReactNode;
  /** The value row and hints. */
  children: ReactNode;
}

/** The widget's box: title, selector row, then the value. */
export default function WidgetFrame({ variable, selectors, children }: WidgetFrameProps) {
  // During the build this fails the page with a clear message; in the browser the boundary shows the fallback.
  if (!VARIABLES.includes(variable)) throw new Error(`<ProjectConfigVariables variable="${String(variable)}" />: variable must be one of ${VARIABLES.join(', ')}`);
  return (
    <div className="project-config" data-variable={variable} style={styles.frame}>
      {/* Not a heading (upstream uses h6): it would break the page's heading order under any h2/h3. */}
      <p className="project-config__title" style={styles.title}>{prettyName(variable)}</p>
      <div style={styles.row}>{selectors}</div>
      {children}
    </div>
  );
}
