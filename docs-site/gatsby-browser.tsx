import { startTransition } from 'react';
import type { ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { dropUndecodableHash } from './src/lib/url-hash';
import './src/styles/global.css';

// Ahead of the router's own popstate listener (it starts listening once mounted), on every
// navigation after the first: a hash it cannot decode would make Gatsby's scroll handler throw
// and blank the page. The first address is cleaned by gatsby-ssr's inline script, before the
// router reads it.
export const onClientEntry = () => {
  window.addEventListener('popstate', dropUndecodableHash);
};

// Marks the page interactive, so browser tests and the bench wait for hydration, not a timeout.
export const onInitialClientRender = () => {
  document.documentElement.dataset.hydrated = 'true';
};

// Hydration as a transition: React then does it in slices of a few milliseconds and lets the
// browser answer in between, instead of one task as long as the page is big (a long tutorial's
// hydration blocked a phone's main thread for ~200 ms at once; Lighthouse counts that against
// the page). The server HTML is already drawn and readable meanwhile, and an early click is
// replayed by React once the part it hit has hydrated.
export const replaceHydrateFunction = () => (element: ReactElement, container: Element) => {
  // Gatsby's own test: a page whose server HTML is empty (client-only) is rendered, not hydrated.
  if (!document.getElementById('gatsby-focus-wrapper')?.children.length) {
    createRoot(container).render(element);
    return;
  }
  startTransition(() => {
    hydrateRoot(container, element);
  });
};
