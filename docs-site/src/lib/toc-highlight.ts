// The table of contents is highlighted through the DOM, not React state, because the headings
// that drive it live in MDX content rendered apart from the TOC component.
const TOC_LINKS = '.toc-menu a';
export const ACTIVE_CLASS = 'toc__menu-item--active';

export function clearTocHighlight(): void {
  document.querySelectorAll(TOC_LINKS).forEach((link) => link.classList.remove(ACTIVE_CLASS));
}

/** Marks the one TOC link whose hash is `#id`. */
export function highlightTocItem(id: string): void {
  document.querySelectorAll<HTMLAnchorElement>(TOC_LINKS).forEach((link) => {
    link.classList.toggle(ACTIVE_CLASS, decodeURIComponent(link.hash) === `#${id}`);
  });
}
