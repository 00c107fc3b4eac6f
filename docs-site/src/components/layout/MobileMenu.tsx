import React, { useEffect, useRef, useState } from 'react';
import type { NavGroup, NavSection } from '../../lib/nav-types';
import NavLink from './NavLink';
import NavTree from './NavTree';

export const MOBILE_MENU_ID = 'mobile-menu';

/**
 * The menu button of narrow screens (below 768 px, where the sidebar and the top menu are hidden)
 * and the panel it opens: this page's section navigation, then the top menu's groups. The panel
 * is only rendered while open, so wide screens and the first paint pay nothing for it.
 */
export default function MobileMenu({ section, groups, route }: { section: NavSection | null; groups: NavGroup[]; route: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [route]);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    document.documentElement.classList.add('menu-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('menu-open');
    };
  }, [open]);

  return (
    <>
      <button ref={button} type="button" className="menu-button" aria-expanded={open} aria-controls={MOBILE_MENU_ID} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">{open ? '✕' : '☰'}</span> Menu
      </button>
      {open && (
        <nav id={MOBILE_MENU_ID} className="mobile-menu" aria-label="Site menu">
          {section && (
            <div className="mobile-menu__section">
              <p className="sidebar__title"><NavLink item={{ title: section.title, url: section.url }} /></p>
              <NavTree items={section.items} route={route} />
            </div>
          )}
          {groups.map((group) => (
            <div key={group.group} className="mobile-menu__group">
              <p className="mobile-menu__heading">{group.group}</p>
              <NavTree items={group.items} route={route} />
            </div>
          ))}
        </nav>
      )}
    </>
  );
}
