import React, { useEffect, useState } from 'react';

export const THEME_STORAGE_KEY = 'docs.ui.theme';

/** Light/dark switch. The initial theme is set before paint by gatsby-ssr's inline script. */
export default function ThemeToggle() {
  const [dark, setDark] = useState(false);
  useEffect(() => setDark(document.documentElement.classList.contains('dark')), []);
  const toggle = () => {
    const next = !dark;
    document.documentElement.classList.toggle('dark', next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next ? 'dark' : 'light');
    } catch {
      // Storage can be disabled; the choice then lasts for this page only.
    }
    setDark(next);
  };
  return (
    <button type="button" className="theme-toggle" onClick={toggle} aria-label={dark ? 'Switch to light mode' : 'Switch to dark mode'} aria-pressed={dark}>
      {dark ? '☀' : '☾'}
    </button>
  );
}
