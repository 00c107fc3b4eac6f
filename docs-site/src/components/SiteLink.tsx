// A link to a page of this site, as a plain anchor. Gatsby's own Link is a class component wrapped in
// the router's location context, and on mount each one creates its own IntersectionObserver to
// prefetch its page: on a tutorial with a hundred links (sidebar, phone menu, article) that was a
// quarter of the one task in which React commits the hydrated page. Here a click and a hover are
// handled through React's delegated listeners (no work per link at mount), and the prefetch of
// visible links is done for the whole page at once, when the browser is idle
// (usePrefetchVisibleLinks in the layout).
import React from 'react';
import type { ComponentPropsWithoutRef, MouseEvent } from 'react';
import { navigate, withPrefix } from 'gatsby';
import { routePath } from '../lib/site-path';

declare global {
  // Gatsby's page loader; its own Link calls hovering() the same way, to fetch a page's data and
  // code as soon as the pointer is over a link to it.
  interface Window { ___loader?: { hovering(path: string): void } }
}

type SiteLinkProps = Omit<ComponentPropsWithoutRef<'a'>, 'href'> & { to: string };

/** A click the browser would turn into a same-tab navigation: the router takes it instead. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return event.button === 0 && !event.defaultPrevented && (!target || target === '_self')
    && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

export default function SiteLink({ to, onClick, onMouseEnter, ...rest }: SiteLinkProps) {
  const route = routePath(to);
  const href = withPrefix(route);
  return (
    <a
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        // As Gatsby's Link: a link to the page being read replaces its history entry.
        void navigate(route, { replace: encodeURI(href) === window.location.pathname });
      }}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        window.___loader?.hovering(href.replace(/#.*$/, ''));
      }}
      {...rest}
    />
  );
}
