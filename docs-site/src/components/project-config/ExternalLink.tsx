import React from 'react';
import type { ReactNode } from 'react';

/** A dashboard link: new tab, and no opener or referrer handed to the other site. */
export default function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}
