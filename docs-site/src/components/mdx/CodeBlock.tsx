import React, { useRef } from 'react';
import type { ComponentPropsWithoutRef } from 'react';
import CopyButton from './CopyButton';
import { useMediaQuery } from '../../lib/use-media-query';

// Narrow screens and print get the plain block, as Code Hike does: a copy button and line
// numbers only crowd a phone screen. Server HTML is the static view too; the interactive one is
// switched on after mount where the screen allows.
export const STATIC_MEDIA_QUERY = 'not screen, (max-width: 768px)';

type CodeBlockProps = ComponentPropsWithoutRef<'pre'> & {
  /** Highlighted markup of the code, made at build time (plugins/rehype-code-html.mjs). */
  html?: string;
  /** Class of the inner <code> when `html` is given. */
  codeClassName?: string;
};

/** A code block: highlighted at build time; copy button and line numbers on wide screens. */
export default function CodeBlock({ className, children, html, codeClassName, ...rest }: CodeBlockProps) {
  const ref = useRef<HTMLPreElement>(null);
  const isStatic = useMediaQuery(STATIC_MEDIA_QUERY, true);
  const view = isStatic ? 'static' : 'interactive';
  return (
    <div className={`code-block code-block--${view}`} data-view={view}>
      {/* Scrollable, so it must be reachable with the keyboard (tabIndex) to scroll it. */}
      <pre ref={ref} className={className} tabIndex={0} {...rest}>
        {html === undefined ? children : <code className={codeClassName} dangerouslySetInnerHTML={{ __html: html }} />}
      </pre>
      {!isStatic && <CopyButton getText={() => ref.current?.textContent?.replace(/\n$/, '') ?? ''} />}
    </div>
  );
}
