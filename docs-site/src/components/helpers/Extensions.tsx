import React, { useMemo, useState } from 'react';
import SiteLink from '../SiteLink';
import extensions from '../../../data/extensions.json';

interface Extension { name: string; comment: string; tags: string[]; link: string }

const ALL = extensions as Extension[];
const TAGS = [...new Set(ALL.flatMap((e) => e.tags))].sort();
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The Postgres extension catalogue, searchable by name and filterable by tag. */
export default function Extensions() {
  const [query, setQuery] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const shown = useMemo(
    () => ALL.filter((e) => e.name.includes(query) && tags.every((tag) => e.tags.includes(tag))),
    [query, tags],
  );
  const toggle = (tag: string) => setTags((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag]));

  return (
    <div className="extensions">
      <label className="extensions__search">Search extensions
        <input type="search" placeholder="Extension name" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      <div className="chips" role="group" aria-label="Filter by tag">
        {TAGS.map((tag) => (
          <button key={tag} type="button" className="chip" aria-pressed={tags.includes(tag)} onClick={() => toggle(tag)}>{tag}</button>
        ))}
        <button type="button" className="chip chip--reset" onClick={() => { setQuery(''); setTags([]); }}>Reset</button>
      </div>
      <p className="extensions__count">{shown.length} of {ALL.length} extensions</p>
      <ul className="extension-grid">
        {shown.map((e) => (
          <li key={e.name} className="extension-card" data-extension={e.name}>
            {e.link.startsWith('/')
              ? <SiteLink to={e.link} className="extension-card__name">{e.name}</SiteLink>
              : <a href={e.link} target="_blank" rel="noreferrer noopener" className="extension-card__name">{e.name}</a>}
            <p>{capitalise(e.comment)}</p>
            <p className="extension-card__tags">{e.tags.join(' · ')}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
