import React from 'react';
import type { ReactNode } from 'react';
import SiteLink from '../SiteLink';
import type { LayoutContext } from '../../lib/nav-types';
import { usePrefetchVisibleLinks } from '../../lib/use-prefetch-visible-links';
import MobileMenu from './MobileMenu';
import SearchBox from './SearchBox';
import Sidebar from './Sidebar';
import TableOfContents, { ARTICLE_ID } from './TableOfContents';
import ThemeToggle from './ThemeToggle';
import TopMenu from './TopMenu';

interface LayoutProps extends LayoutContext {
  children: ReactNode;
  /** Pages without h2/h3 (home, 404) skip the table of contents. */
  toc?: boolean;
}

/** Page chrome: top bar (menu, search, theme), section sidebar, article, table of contents. */
export default function Layout({ route, nav, toc = true, children }: LayoutProps) {
  usePrefetchVisibleLinks(route);
  return (
    <div className="site">
      <a className="skip-link" href={`#${ARTICLE_ID}`}>Skip to content</a>
      <header className="topbar">
        <SiteLink to="/" className="topbar__brand">Supabase <span>Docs</span></SiteLink>
        <MobileMenu section={nav.sidebar} groups={nav.top} route={route} />
        <TopMenu groups={nav.top} />
        <SearchBox />
        <ThemeToggle />
      </header>
      <div className={`frame${nav.sidebar ? '' : ' frame--wide'}`}>
        {nav.sidebar && <Sidebar section={nav.sidebar} route={route} />}
        <main id={ARTICLE_ID} className="article">{children}</main>
        {toc && <aside className="toc-column"><TableOfContents route={route} /></aside>}
      </div>
    </div>
  );
}
