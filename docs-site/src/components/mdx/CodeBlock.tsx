import React, { useRef } from 'react';
import type { ComponentPropsWithoutRef } from 'react';
import CopyButton from './CopyButton';
import { useMediaQuery } from '../../lib/use-media-query';

// Narrow screens and print get the plain block, as Code Hike does: a copy button and line
// numbers only crowd a phone screen. Server HTML is the static view too; the interactive one is
// switched on after mount where the screen allows.
export const STATIC_MEDIA_QUERY = 'not screen, (max-width: 768px)';

/** MDX `pre`: highlighted at build time; copy button and line numbers on wide screens. */
export default function CodeBlock({ className, children, ...rest }: ComponentPropsWithoutRef<'pre'>) {
  const ref = useRef<HTMLPreElement>(null);
  const isStatic = useMediaQuery(STATIC_MEDIA_QUERY, true);
  const view = isStatic ? 'static' : 'interactive';
  return (
    <div className={`code-block code-block--${view}`} data-view={view}>
      <pre ref={ref} className={className} {...rest}>
        {children}
      </pre>
      {!isStatic && <CopyButton getText={() => ref.current?.textContent?.replace(/\n$/, '') ?? ''} />}
    </div>
  );
}
