// A browser-like global scope for the widget tests: jsdom's window, document, localStorage and
// history, with Node's own fetch, timers and AbortController left in place. Loaded by setup-dom.ts
// before anything else, because some libraries decide at import time whether they run in a browser.
import { JSDOM } from 'jsdom';

export const PAGE_URL = 'http://127.0.0.1:9000/guides/getting-started';

const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: PAGE_URL, pretendToBeVisual: true });
const scope = globalThis as Record<string, unknown>;
scope.window = dom.window;
for (const key of Object.getOwnPropertyNames(dom.window)) {
  if (key in globalThis) continue;
  try {
    scope[key] = (dom.window as unknown as Record<string, unknown>)[key];
  } catch {
    // A few jsdom getters throw outside a document context; the tests do not need them.
  }
}
scope.IS_REACT_ACT_ENVIRONMENT = true;

/** Text written to the clipboard (jsdom has no Clipboard API). */
export const clipboard: string[] = [];
Object.defineProperty(dom.window.navigator, 'clipboard', {
  configurable: true,
  value: { writeText: async (text: string) => void clipboard.push(text) },
});
