// Derives src/data/nav.json (the site's own navigation shape) from the research transcription
// of the upstream menus. Run once when the reference changes; the output is committed because CI
// only has this repository: node scripts/normalize-nav.mjs [path/to/docs-nav.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const input = process.argv[2] ?? '/work/shared/reference/docs-nav.json';
const output = fileURLToPath(new URL('../src/data/nav.json', import.meta.url));
const raw = JSON.parse(readFileSync(input, 'utf8'));

// Section order decides which sidebar a route shown in two sections gets: the current CLI
// section wins over the older, smaller `cli` one.
const SECTION_ORDER = ['gettingstarted', 'database', 'api', 'graphql', 'auth', 'storage', 'functions', 'realtime', 'ai',
  'supabase_cli', 'platform', 'self_hosting', 'resources', 'migrate_legacy', 'cli'];

const isExternal = (url) => /^https?:\/\//.test(url);

// Client libraries maintained by the community. The spring-2024 menus mark only C# and Kotlin;
// in early 2024 the Python and Swift clients were still community projects too (the mid-2023
// menu marks all four), so the marker goes on all four.
const COMMUNITY_REFERENCES = new Set(['python', 'csharp', 'swift', 'kotlin'].map((lib) => `/reference/${lib}/introduction`));

/** Keeps title/url/items (and the flags a reader needs), dropping research notes. */
function normalizeItem(item) {
  const out = { title: item.title };
  if (item.url) out.url = item.url;
  if (item.url && isExternal(item.url)) out.external = true;
  if (item.community || COMMUNITY_REFERENCES.has(item.url)) out.community = true;
  if (item._note) out.later = true; // added upstream after Feb 2024
  if (item.items?.length) out.items = item.items.map(normalizeItem);
  return out;
}

const sections = SECTION_ORDER.map((id) => {
  const s = raw.sections[id];
  return { id, title: s.title, url: s.url ?? s.items.find((i) => i.url)?.url, items: s.items.map(normalizeItem) };
});

// Pages outside any upstream section get sections of their own, so every route has a sidebar.
const referenceMenu = raw.globalMenu.find((g) => g.group === 'Reference');
sections.push({
  id: 'reference',
  title: 'Reference',
  url: '/reference/cli/introduction',
  items: referenceMenu.items.map(normalizeItem),
});
sections.push({
  id: 'auth_providers',
  title: 'Auth providers',
  url: '/guides/auth',
  items: [
    { title: 'Social login', items: raw.socialLoginItems.map(normalizeItem) },
    { title: 'Phone login', items: raw.phoneLoginItems.map(normalizeItem) },
    { title: 'Native mobile login', items: raw.nativeMobileLoginItems.map(normalizeItem) },
  ],
});
sections.push({
  id: 'maintainers',
  title: 'Maintainers',
  url: '/maintainers/state-machines',
  local: true, // ours: not an upstream page
  items: [{ title: 'State machines', url: '/maintainers/state-machines' }],
});
sections.push({
  id: 'contributing',
  title: 'Contributing',
  url: '/contributing',
  items: [{ title: 'Contributing', url: '/contributing' }],
});

const top = raw.globalMenu.map((group) => ({ group: group.group, items: group.items.map(normalizeItem) }));
// A link reading only "Start" says nothing out of context (and search engines flag it).
top.find((g) => g.group === 'Start').items[0].title = 'Getting Started';
top.find((g) => g.group === 'Resources').items.push({ title: 'State machines', url: '/maintainers/state-machines' });

// Every internal route, once, with the first section (in SECTION_ORDER) that lists it. The query
// part (`?platform=react-native`) selects a variant of a page, not another page.
const routes = new Map();
function collect(items, section) {
  for (const item of items) {
    if (item.url && !item.external) {
      const url = item.url.split(/[?#]/)[0];
      if (!routes.has(url)) routes.set(url, { url, title: item.title, section });
    }
    if (item.items) collect(item.items, section);
  }
}
for (const s of sections) {
  if (s.url && !routes.has(s.url)) routes.set(s.url, { url: s.url, title: s.title, section: s.id });
  collect(s.items, s.id);
}
for (const g of top) collect(g.items, null);
for (const r of routes.values()) if (!r.section) r.section = sections.find((s) => r.url.startsWith(s.url))?.id ?? 'reference';

writeFileSync(output, `${JSON.stringify({
  _source: 'Derived by scripts/normalize-nav.mjs from the research transcription of the upstream docs navigation (spring 2024 menus; items added after Feb 2024 carry later: true).',
  top,
  sections,
  routes: [...routes.values()].sort((a, b) => a.url.localeCompare(b.url)),
}, null, 1)}\n`);
console.log(`nav.json: ${sections.length} sections, ${routes.size} routes`);
