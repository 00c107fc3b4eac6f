import React, { useRef, useState } from 'react';
import { Link } from 'gatsby';
import type MiniSearch from 'minisearch';
import options from '../../data/search-options.json';

interface Hit { url: string; title: string; section: string }

/**
 * Site search over the index written at build time. MiniSearch and the index are fetched on the
 * first focus, so pages that never search pay nothing for it.
 */
export default function SearchBox() {
  const engine = useRef<Promise<MiniSearch> | null>(null);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<Hit[]>([]);

  const load = () => {
    engine.current ??= Promise.all([
      import(/* webpackChunkName: "search" */ 'minisearch'),
      fetch('/search-index.json').then((response) => response.text()),
    ]).then(([module, json]) => module.default.loadJSON(json, { idField: options.idField, fields: options.fields, storeFields: options.storeFields }));
    return engine.current;
  };

  const search = async (text: string) => {
    setQuery(text);
    if (!text.trim()) return setHits([]);
    const results = (await load()).search(text, { prefix: true, fuzzy: 0.2, boost: { title: 3, headings: 2 } });
    setHits(results.slice(0, 10) as unknown as Hit[]);
  };

  return (
    <div className="search" role="search">
      <input type="search" aria-label="Search docs" placeholder="Search docs…" value={query} onFocus={() => void load()} onChange={(e) => void search(e.target.value)} />
      {query && (
        <ul className="search__results" data-testid="search-results">
          {hits.length === 0 ? <li className="search__empty">No results</li> : hits.map((hit) => (
            <li key={hit.url}><Link to={hit.url} onClick={() => setQuery('')}>{hit.title}<span>{hit.section}</span></Link></li>
          ))}
        </ul>
      )}
    </div>
  );
}
