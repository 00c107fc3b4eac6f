import React from 'react';
import type { CSSProperties } from 'react';

// Outline icons drawn inline (16 px, currentColor), so the widget needs no icon package.
const PATHS = {
  copy: 'M8 8h11v11H8z M5 16H4V5h11v1',
  check: 'M5 12l5 5L20 7',
  chevrons: 'M7 15l5 5 5-5 M7 9l5-5 5 5',
} as const;

export type IconName = keyof typeof PATHS;

export default function Icon({ name, style }: { name: IconName; style?: CSSProperties }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" data-icon={name} style={style}>
      <path d={PATHS[name]} />
    </svg>
  );
}
