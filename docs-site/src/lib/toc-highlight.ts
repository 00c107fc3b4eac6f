// The table of contents is highlighted through the DOM, not React state, because the headings
// that drive it live in MDX content rendered apart from the TOC component.
//
// Two sources mark an entry: the headings' observers while the reader scrolls, and the reader's
// own choice (a TOC entry or a heading's # link). A chosen heading is scrolled to the top of the
// viewport, above the band the observers watch, so the observers would then mark whichever heading
// sits below it: the choice is pinned and the observers wait until the reader scrolls by hand.
const TOC_LINKS = '.toc-menu a';
export const ACTIVE_CLASS = 'toc__menu-item--active';

// Input that scrolls the page by hand; any of it hands the highlight back to the observers.
const MANUAL_SCROLL_EVENTS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

let pinned: string | null = null;

function mark(id: string | null): void {
  document.querySelectorAll<HTMLAnchorElement>(TOC_LINKS).forEach((link) => {
    link.classList.toggle(ACTIVE_CLASS, id !== null && decodeURIComponent(link.hash) === `#${id}`);
  });
}

function unpin(event: Event): void {
  // A press on another in-page link is the next choice, which pins again on its own.
  if (event.type === 'pointerdown' && (event.target as Element | null)?.closest?.('a[href^="#"]')) return;
  pinned = null;
  MANUAL_SCROLL_EVENTS.forEach((type) => window.removeEventListener(type, unpin, true));
}

/** Clears the highlight (the top of the page), unless the reader has just chosen a heading. */
export function clearTocHighlight(): void {
  if (pinned === null) mark(null);
}

/** Marks the one TOC link whose hash is `#id`, as the observers see it; a pinned choice wins. */
export function highlightTocItem(id: string): void {
  if (pinned === null) mark(id);
}

/** Marks `#id` as the reader's choice and keeps it until they scroll by hand. */
export function pinTocItem(id: string): void {
  if (pinned === null) MANUAL_SCROLL_EVENTS.forEach((type) => window.addEventListener(type, unpin, { capture: true, passive: true }));
  pinned = id;
  mark(id);
}
