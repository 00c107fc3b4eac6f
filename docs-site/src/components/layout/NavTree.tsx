import React from 'react';
import type { NavItem } from '../../lib/nav-types';
import NavLink from './NavLink';

/** Nested nav items; items without a url are group headings. */
export default function NavTree({ items, route }: { items: NavItem[]; route?: string }) {
  return (
    <ul className="nav-tree">
      {items.map((item, index) => (
        <li key={`${item.title}-${index}`} className={item.url ? undefined : 'nav-tree__heading'}>
          {/* The badge sits inside the link: a link in a line of other text would need an underline. */}
          <NavLink item={item} current={item.url === route}>
            {item.community ? <>{item.title} <span className="badge">Community</span></> : undefined}
          </NavLink>
          {item.items && <NavTree items={item.items} route={route} />}
        </li>
      ))}
    </ul>
  );
}
