import type { ReactNode } from 'react';
import { isValidElement } from 'react';

/** The custom anchor a writer may end a heading with: `## Connecting [#connect]`. */
const CUSTOM_ANCHOR = /\s*\[#([A-Za-z0-9_-]+)\]\s*$/;

/** Plain text of rendered MDX children (inline code and emphasis included). */
export function textOf(node: ReactNode): string {
  if (node == null || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join(' ');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/** Lowercase, keep `[a-z0-9- ]`, spaces to dashes: `Use \`db push\`!` -> `use-db-push`. */
export function slugify(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9\- ]/g, '').trim().replace(/\s+/g, '-');
}

/** The heading's id and the children to display (the custom anchor token removed). */
export function headingAnchor(children: ReactNode): { id: string; display: ReactNode } {
  const parts = Array.isArray(children) ? [...children] : [children];
  const last = parts[parts.length - 1];
  if (typeof last === 'string') {
    const match = last.match(CUSTOM_ANCHOR);
    if (match) {
      parts[parts.length - 1] = last.replace(CUSTOM_ANCHOR, '');
      return { id: match[1], display: parts };
    }
  }
  return { id: slugify(textOf(children)), display: children };
}
