// The little the tests use of two packages that ship without types (the @types packages would
// pull a second React type tree next to the one the site uses).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string; pretendToBeVisual?: boolean });
    readonly window: Window & typeof globalThis;
  }
}

declare module 'react-dom/server' {
  import type { ReactElement } from 'react';
  export function renderToString(element: ReactElement): string;
}
