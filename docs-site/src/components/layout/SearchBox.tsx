import React, { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { navigate } from 'gatsby';
import SiteLink from '../SiteLink';
import type MiniSearch from 'minisearch';
import options from '../../data/search-options.json';

interface Hit { url: string; title: string; section: string }

const RESULTS_ID = 'search-results';
const optionId = (index: number) => `search-result-${index}`;

/**
 * Site search over the index written at build time. MiniSearch and the index are fetched on the
 * first focus, so pages that never search pay nothing for it.
 *
 * It is an ARIA combobox: focus stays in the box while the arrow keys move through the results
 * (announced through aria-activedescendant), Enter opens the chosen one (the first when none is
 * chosen) and Escape closes the list. The results are links, so a click or a middle-click works too.
 */
export default function SearchBox() {
  const engine = useRef<Promise<MiniSearch> | null>(null);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<Hit[]>([]);
  const [active, setActive] = useState(-1);

  const load = () => {
    engine.current ??= Promise.all([
      import(/* webpackChunkName: "search" */ 'minisearch'),
      fetch('/search-index.json').then((response) => response.text()),
    ]).then(([module, json]) => module.default.loadJSON(json, { idField: options.idField, fields: options.fields, storeFields: options.storeFields }));
    return engine.current;
  };

  const search = async (text: string) => {
    setQuery(text);
    setActive(-1);
    if (!text.trim()) return setHits([]);
    const results = (await load()).search(text, { prefix: true, fuzzy: 0.2, boost: { title: 3, headings: 2 } });
    setHits(results.slice(0, 10) as unknown as Hit[]);
  };

  const close = () => {
    setQuery('');
    setHits([]);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      close();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && hits.length > 0) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = (active + step + hits.length) % hits.length;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter' && hits.length > 0) {
      event.preventDefault();
      const hit = hits[Math.max(active, 0)]!;
      close();
      void navigate(hit.url);
    }
  };

  const open = query !== '';
  return (
    <div className="search" role="search">
      <input
        type="search"
        role="combobox"
        aria-label="Search docs"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={RESULTS_ID}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        placeholder="Search docs…"
        value={query}
        onFocus={() => void load()}
        onChange={(e) => void search(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul className="search__results" id={RESULTS_ID} role="listbox" aria-label="Search results" data-testid="search-results">
          {hits.length === 0 ? <li className="search__empty" role="presentation">No results</li> : hits.map((hit, index) => (
            <li key={hit.url} role="presentation">
              <SiteLink to={hit.url} id={optionId(index)} role="option" aria-selected={index === active} tabIndex={-1} onClick={close}>
                {hit.title}<span>{hit.section}</span>
              </SiteLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
