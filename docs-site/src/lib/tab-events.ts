/** Fired (bubbling) when a tab is chosen; the TOC listens to re-read the visible headings. */
export const TAB_CHANGE_EVENT_NAME = 'sb_ui_component_tab_change';

export interface TabChangeDetail {
  queryGroup?: string;
  id: string;
}

/** Writes `?queryGroups=<group>&<group>=<id>` without a navigation, so the choice is shareable. */
export function writeQueryGroup(queryGroup: string, id: string): void {
  const url = new URL(window.location.href);
  const groups = new Set((url.searchParams.get('queryGroups') ?? '').split(',').filter(Boolean));
  groups.add(queryGroup);
  url.searchParams.set('queryGroups', [...groups].join(','));
  url.searchParams.set(queryGroup, id);
  window.history.replaceState(window.history.state, '', url);
}

export function readQueryGroup(queryGroup: string): string | null {
  return new URLSearchParams(window.location.search).get(queryGroup);
}
