import React, { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { headingAnchor } from '../../lib/slug';
import { clearTocHighlight, highlightTocItem } from '../../lib/toc-highlight';

type Tag = 'h2' | 'h3' | 'h4';

// The band that counts as "reading this heading": the top 20% and bottom 35% of the viewport are
// ignored, and the heading must be wholly inside (threshold 1), so one heading wins at a time.
const OBSERVER_OPTIONS: IntersectionObserverInit = { threshold: 1, rootMargin: '-20% 0% -35% 0px' };

// One observer for all the page's headings (a tutorial has dozens): creating an observer per
// heading was a measurable part of the task in which React runs a hydrated page's effects.
let headingObserver: IntersectionObserver | undefined;
const headingIds = new WeakMap<Element, string>();

function observeHeading(element: HTMLHeadingElement, id: string): () => void {
  headingObserver ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const entryId = headingIds.get(entry.target);
      if (window.scrollY === 0) clearTocHighlight();
      else if (entry.isIntersecting && entryId !== undefined) highlightTocItem(entryId);
    }
  }, OBSERVER_OPTIONS);
  const observer = headingObserver;
  headingIds.set(element, id);
  observer.observe(element);
  return () => {
    observer.unobserve(element);
    headingIds.delete(element);
  };
}

function useTocHighlight(id: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    return observeHeading(element, id);
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
