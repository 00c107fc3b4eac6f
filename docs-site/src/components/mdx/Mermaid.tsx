import React from 'react';

/** What the build leaves of `<Mermaid chart>`: the two drawings (plugins/remark-mermaid-images.mjs). */
export interface MermaidProps {
  light: string;
  dark: string;
  width: number;
  height: number;
  caption?: string;
  /** Wide diagrams (state machines) keep their natural size and scroll instead of shrinking. */
  wide?: boolean;
}

// The content column of a 390 px phone: a wider diagram scrolls there (global.css), so its figure
// takes the keyboard focus that lets it be scrolled without a pointer.
const PHONE_COLUMN_PX = 358;

/**
 * A diagram drawn at build time. Both themes are in the page and CSS shows the one that matches;
 * the hidden one is lazy, so the browser never downloads it.
 */
export default function Mermaid({ light, dark, width, height, caption, wide }: MermaidProps) {
  const alt = caption ? `Diagram: ${caption}` : 'Diagram';
  return (
    <figure className={`diagram${wide ? ' diagram--wide' : ''}`} tabIndex={width > PHONE_COLUMN_PX ? 0 : undefined}>
      <img className="diagram__img diagram__img--light" src={light} width={width} height={height} alt={alt} loading="lazy" decoding="async" />
      <img className="diagram__img diagram__img--dark" src={dark} width={width} height={height} alt={alt} loading="lazy" decoding="async" />
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
