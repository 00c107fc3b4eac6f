// Builds the site search index at build time (public/search-index.json): one document per page,
// serialised by MiniSearch so the browser only loads it, never indexes.
import MiniSearch from 'minisearch';
import { readFileSync } from 'node:fs';

const options = JSON.parse(readFileSync(new URL('../src/data/search-options.json', import.meta.url), 'utf8'));

/** Readable text of an MDX body: no imports/exports, JSX tags, fences markers or markup signs. */
export function mdxText(body) {
  return body
    .replace(/^(import|export)\s.*$/gm, ' ')
    .replace(/```\w*/g, ' ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/\[#[\w-]+\]/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function mdxHeadings(body) {
  return [...body.matchAll(/^#{2,4}\s+(.+)$/gm)].map((m) => m[1].replace(/\[#[\w-]+\]/, '').trim()).join(' \n ');
}

/** documents: [{ url, title, section, headings, text }] -> serialised index. */
export function buildSearchIndex(documents) {
  const search = new MiniSearch({ idField: options.idField, fields: options.fields, storeFields: options.storeFields });
  search.addAll(documents);
  return JSON.stringify(search);
}
