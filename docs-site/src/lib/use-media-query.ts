import { useEffect, useState } from 'react';

// One list per query for the whole page: every code block asks the same question, and
// matchMedia() parses and evaluates its query on each call, all inside the one task in which
// React runs the effects of a page it has just hydrated.
const lists = new Map<string, MediaQueryList>();

function mediaQueryList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether the media query matches; `initial` is used until mounted (server rendering). */
export function useMediaQuery(query: string, initial: boolean): boolean {
  const [matches, setMatches] = useState(initial);
  useEffect(() => {
    const list = mediaQueryList(query);
    setMatches(list.matches);
    const onChange = (event: MediaQueryListEvent) => setMatches(event.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}
