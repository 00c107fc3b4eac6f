import React, { Children, cloneElement, isValidElement, useEffect, useId, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { useAtom } from 'jotai';
import { tabGroupSelectionAtom } from '../../state/tab-groups';
import { readQueryGroup, TAB_CHANGE_EVENT_NAME, writeQueryGroup } from '../../lib/tab-events';
import type { TabPanelProps } from './TabPanel';

interface TabsProps {
  /** Tab groups with the same queryGroup switch together and are reflected in the URL. */
  queryGroup?: string;
  defaultActiveId?: string;
  type?: 'pills' | 'underlined' | 'cards' | 'rounded-pills';
  size?: 'tiny' | 'small' | 'medium' | 'large' | 'xlarge';
  children?: ReactNode;
}

/** `<Tabs queryGroup="database-method"><TabPanel id="dashboard" label="Dashboard">…</TabPanel>…</Tabs>` */
export default function Tabs({ queryGroup, defaultActiveId, type = 'pills', size = 'tiny', children }: TabsProps) {
  const panels = Children.toArray(children).filter(
    (child): child is ReactElement<TabPanelProps> => isValidElement<TabPanelProps>(child) && Boolean(child.props.id),
  );
  const ids = panels.map((panel) => panel.props.id);
  // Two groups on one page may share panel ids (the same queryGroup twice): DOM ids must not.
  const uid = useId();
  const [local, setLocal] = useState(defaultActiveId && ids.includes(defaultActiveId) ? defaultActiveId : ids[0]);
  const [groups, setGroups] = useAtom(tabGroupSelectionAtom);
  const grouped = queryGroup ? groups[queryGroup] : undefined;
  const active = grouped && ids.includes(grouped) ? grouped : local;

  // The URL wins on arrival (a shared link), read after mount because the server has no URL.
  useEffect(() => {
    if (!queryGroup) return;
    const fromUrl = readQueryGroup(queryGroup);
    if (fromUrl && ids.includes(fromUrl)) setGroups((current) => (current[queryGroup] === fromUrl ? current : { ...current, [queryGroup]: fromUrl }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryGroup]);

  const choose = (id: string, target: HTMLElement) => {
    setLocal(id);
    if (queryGroup) {
      setGroups((current) => ({ ...current, [queryGroup]: id }));
      writeQueryGroup(queryGroup, id);
    }
    target.dispatchEvent(new CustomEvent(TAB_CHANGE_EVENT_NAME, { bubbles: true, detail: { queryGroup, id } }));
  };

  return (
    <div className={`tabs tabs--${type} tabs--${size}`} data-query-group={queryGroup}>
      <div role="tablist" className="tabs__list">
        {panels.map((panel) => (
          <button
            key={panel.props.id}
            type="button"
            role="tab"
            id={`${uid}-tab-${panel.props.id}`}
            aria-selected={panel.props.id === active}
            aria-controls={`${uid}-panel-${panel.props.id}`}
            className="tabs__tab"
            onClick={(event) => choose(panel.props.id, event.currentTarget)}
          >
            {panel.props.label}
          </button>
        ))}
      </div>
      {panels.map((panel) => cloneElement(panel, { key: panel.props.id, active: panel.props.id === active, domId: `${uid}-panel-${panel.props.id}` }))}
    </div>
  );
}
