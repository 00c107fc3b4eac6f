import React from 'react';
import type { ReactNode } from 'react';

export interface TabPanelProps {
  id: string;
  label: string;
  children?: ReactNode;
  /** Set by Tabs; writers never pass it. */
  active?: boolean;
  /** Set by Tabs: a page-unique element id. */
  domId?: string;
}

/** One panel of a `<Tabs>` group. Inactive panels stay in the HTML (hidden) for search and no-JS readers. */
export default function TabPanel({ id, active = false, domId, children }: TabPanelProps) {
  return (
    <div role="tabpanel" id={domId} data-tab-id={id} hidden={!active} className="tabs__panel">
      {children}
    </div>
  );
}
