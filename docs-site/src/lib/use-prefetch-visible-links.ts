import { useEffect } from 'react';
import { prefetchPathname } from 'gatsby';
import { likelyNextFirst } from './likely-next-first';

/** Anchors to a page of this site (SiteLink and the article's own links), not to other hosts. */
const SITE_LINKS = 'a[href^="/"]:not([href^="//"])';

/** Runs `task` when the browser has nothing else to do (a short timeout where there is no idle callback). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Prefetches the page behind each site link the reader can see, as Gatsby's Link does for itself,
 * but for the whole page with one observer, started once the browser is idle after the page has
 * rendered (so none of it falls in hydration's commit), and dropped when the reader leaves. Each
 * page is handed over once (several links often lead to it), likeliest first (likelyNextFirst).
 */
export function usePrefetchVisibleLinks(route: string): void {
  useEffect(() => {
    if (typeof window.IntersectionObserver !== 'function') return undefined;
    let observer: IntersectionObserver | undefined;
    const cancel = whenIdle(() => {
      const handed = new Set([window.location.pathname]);
      // An observer reports the links already in view in the order they were observed.
      const seen = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          seen.unobserve(entry.target);
          const { pathname } = entry.target as HTMLAnchorElement;
          if (handed.has(pathname)) continue;
          handed.add(pathname);
          prefetchPathname(pathname);
        }
      });
      likelyNextFirst([...document.querySelectorAll<HTMLAnchorElement>(SITE_LINKS)]).forEach((anchor) => seen.observe(anchor));
      observer = seen;
    });
    return () => {
      cancel();
      observer?.disconnect();
    };
  }, [route]);
}
