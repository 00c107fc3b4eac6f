import React, { useEffect, useState } from 'react';
import { clearTocHighlight, pinTocItem } from '../../lib/toc-highlight';
import { TAB_CHANGE_EVENT_NAME } from '../../lib/tab-events';
import { idFromHash } from '../../lib/url-hash';

interface TocItem { text: string; id: string; level: 2 | 3 }
export const ARTICLE_ID = 'sb-docs-guide-main-article';

/** Visible h2/h3 headings of the article (headings in hidden tab panels do not count). */
function readHeadings(): TocItem[] {
  const article = document.getElementById(ARTICLE_ID);
  if (!article) return [];
  return [...article.querySelectorAll<HTMLHeadingElement>('h2[id], h3[id]')]
    .filter((heading) => !heading.closest('[hidden]'))
    .map((heading) => ({ id: heading.id, text: (heading.textContent ?? '').replace(/#$/, '').trim(), level: heading.tagName === 'H2' ? 2 : 3 }));
}

/** A click on an entry pins it before the browser scrolls (the same hash again fires no hashchange). */
function pinClicked(event: React.MouseEvent<HTMLUListElement>) {
  const id = idFromHash((event.target as Element).closest('a')?.hash ?? '');
  if (id !== null) pinTocItem(id);
}

/** "On this page": built from the rendered headings, highlighted by the headings' observers. */
export default function TableOfContents({ route }: { route: string }) {
  const [items, setItems] = useState<TocItem[]>([]);

  useEffect(() => {
    // After the article has rendered (MDX content and tabs) in the same tick.
    const refresh = () => setTimeout(() => setItems(readHeadings()), 0);
    refresh();
    window.addEventListener(TAB_CHANGE_EVENT_NAME, refresh);
    return () => window.removeEventListener(TAB_CHANGE_EVENT_NAME, refresh);
  }, [route]);

  useEffect(() => {
    // A hash in the address is a heading the reader chose (a TOC entry, a # link, a shared URL).
    // One that cannot be decoded names no heading and is ignored.
    const fromHash = () => {
      const id = idFromHash(window.location.hash);
      if (id !== null) pinTocItem(id);
    };
    // The observers only fire when a heading crosses the band; back at the very top nothing may
    // cross it, so the top itself clears the highlight.
    const atTop = () => { if (window.scrollY === 0) clearTocHighlight(); };
    window.addEventListener('hashchange', fromHash);
    window.addEventListener('scroll', atTop, { passive: true });
    return () => { window.removeEventListener('hashchange', fromHash); window.removeEventListener('scroll', atTop); };
  }, []);

  if (items.length === 0) return null;
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc__title">On this page</p>
      <ul className="toc-menu" onClick={pinClicked}>
        {items.map((item) => (
          <li key={item.id} className={item.level === 3 ? 'toc-menu__item--nested' : undefined}>
            <a href={`#${item.id}`}>{item.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
