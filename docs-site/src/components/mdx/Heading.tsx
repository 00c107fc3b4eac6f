import React, { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { headingAnchor } from '../../lib/slug';
import { clearTocHighlight, highlightTocItem } from '../../lib/toc-highlight';

type Tag = 'h2' | 'h3' | 'h4';

// The band that counts as "reading this heading": the top 20% and bottom 35% of the viewport are
// ignored, and the heading must be wholly inside (threshold 1), so one heading wins at a time.
const OBSERVER_OPTIONS: IntersectionObserverInit = { threshold: 1, rootMargin: '-20% 0% -35% 0px' };

function useTocHighlight(id: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(([entry]) => {
      if (window.scrollY === 0) clearTocHighlight();
      else if (entry.isIntersecting) highlightTocItem(id);
    }, OBSERVER_OPTIONS);
    observer.observe(element);
    return () => observer.disconnect();
  }, [id]);
  return ref;
}

interface HeadingProps {
  tag: Tag;
  children?: ReactNode;
  /** An explicit id, for generated pages (guides use the `[#id]` token instead). */
  customAnchor?: string;
}

/** A section heading with a stable id, a hover `#` link and TOC highlighting. */
export default function Heading({ tag: Tag, children, customAnchor }: HeadingProps) {
  const anchor = headingAnchor(children);
  const id = customAnchor ?? anchor.id;
  const ref = useTocHighlight(id);
  return (
    <Tag id={id} ref={ref} className="heading">
      {anchor.display}
      <a href={`#${id}`} className="heading__anchor" aria-label={`Link to this section`}>
        #
      </a>
    </Tag>
  );
}
