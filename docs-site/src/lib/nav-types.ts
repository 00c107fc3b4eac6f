/** The nav shapes of src/data/nav.json, as pages receive them in their context. */
export interface NavItem {
  title: string;
  url?: string;
  external?: boolean;
  community?: boolean;
  later?: boolean;
  items?: NavItem[];
}

export interface NavSection { id: string; title: string; url: string; items: NavItem[] }
export interface NavGroup { group: string; items: NavItem[] }
export interface PageNav { top: NavGroup[]; sidebar: NavSection | null }
export interface LayoutContext { route: string; nav: PageNav }

/** A client library reference page's place among the library's versions (gatsby-node). */
export interface LibraryContext {
  name: string;
  current: string;
  versions: Array<{ version: string; url: string }>;
  community: boolean;
  repository?: string;
}
