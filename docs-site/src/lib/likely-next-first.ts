/** The parts of a link the order looks at (an HTMLAnchorElement in the browser). */
export interface OrderedLink {
  closest(selector: string): unknown;
  getAttribute(name: string): string | null;
}

/**
 * The site's links in the order the reader is likely to follow them: the article's, then the
 * sidebar's nearest the page being read, then the rest (top bar, the far end of the sidebar).
 * Gatsby fetches what it is handed four pages at a time, three seconds apart, so with sixty links
 * in view the order decides whether the next page of the guide is ready in three seconds or in
 * fifteen. Document order put the top bar first and the current page's neighbours near the end.
 */
export function likelyNextFirst<Link extends OrderedLink>(anchors: Link[]): Link[] {
  const sidebar = anchors.filter((anchor) => anchor.closest('.sidebar'));
  const here = sidebar.findIndex((anchor) => anchor.getAttribute('aria-current') === 'page');
  const nearHere = sidebar
    .map((anchor, index) => ({ anchor, distance: here < 0 ? index : Math.abs(index - here) }))
    .sort((a, b) => a.distance - b.distance)
    .map(({ anchor }) => anchor);
  const article = anchors.filter((anchor) => anchor.closest('main'));
  const placed = new Set([...article, ...sidebar]);
  return [...article, ...nearHere, ...anchors.filter((anchor) => !placed.has(anchor))];
}
