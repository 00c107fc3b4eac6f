import React from 'react';
import type { NavSection } from '../../lib/nav-types';
import NavLink from './NavLink';
import NavTree from './NavTree';

/** The section's menu on the left. */
export default function Sidebar({ section, route }: { section: NavSection; route: string }) {
  return (
    <nav className="sidebar" aria-label={`${section.title} menu`}>
      <p className="sidebar__title"><NavLink item={{ title: section.title, url: section.url }} /></p>
      <NavTree items={section.items} route={route} />
    </nav>
  );
}
