import React from 'react';
import type { NavGroup } from '../../lib/nav-types';
import NavLink from './NavLink';
import NavTree from './NavTree';

/** The product menu: one disclosure per group (works without JavaScript). */
export default function TopMenu({ groups }: { groups: NavGroup[] }) {
  return (
    <nav className="top-menu" aria-label="Products">
      {groups.map((group) =>
        group.items.length === 1 && !group.items[0].items ? (
          <NavLink key={group.group} item={group.items[0]} />
        ) : (
          <details key={group.group} className="top-menu__group">
            <summary>{group.group}</summary>
            <div className="top-menu__panel"><NavTree items={group.items} /></div>
          </details>
        ),
      )}
    </nav>
  );
}
