import React from 'react';
import type { GatsbySSR } from 'gatsby';

// Runs before first paint so a dark-mode reader never sees a light flash: a stored choice wins,
// else the operating system's preference.
const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem('docs.ui.theme');var d=t?t==='dark':window.matchMedia('(prefers-color-scheme: dark)').matches;document.documentElement.classList.toggle('dark',d)}catch(e){}})();`;

// Runs before the app's scripts: Gatsby's router reads the address once as it loads, and its
// scroll handler decodeURI()s the hash, so a hash that cannot be decoded (a cut shared link,
// `#%E0%A4%A`) threw there and left the page blank. It names no heading: it goes. Later
// navigations are handled in gatsby-browser's onClientEntry (src/lib/url-hash.ts).
const HASH_SCRIPT = `(function(){try{decodeURIComponent(location.hash)}catch(e){history.replaceState(history.state,'',location.pathname+location.search)}})();`;

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: 'en' });
  setHeadComponents([
    <script key="theme" dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />,
    <script key="hash" dangerouslySetInnerHTML={{ __html: HASH_SCRIPT }} />,
    <link key="icon-svg" rel="icon" href="/favicon.svg" type="image/svg+xml" />,
    <link key="icon-ico" rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />,
  ]);
};
