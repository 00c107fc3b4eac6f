// The left navigation of a client library's method pages. A method page is an MDX file beside
// the library's introduction whose frontmatter names its `part` (content/README.md): adding a
// file adds its entry, so nav.json does not have to list every method of every library.

/** The parts in the order the menu shows them, with their headings. */
export const METHOD_PARTS = [
  { id: 'client', title: 'Client' },
  { id: 'database', title: 'Database' },
  { id: 'functions', title: 'Edge Functions' },
  { id: 'auth', title: 'Auth' },
  { id: 'storage', title: 'Storage' },
  { id: 'realtime', title: 'Realtime' },
];

/**
 * The sidebar of one library's newest version: its introduction, then each part that has pages,
 * its methods by `order` (then title). `pages` are `{ route, title, part, order }`; pages of other
 * libraries or of older versions (/reference/<id>/v1/...) are ignored.
 */
export function methodSidebar(library, pages) {
  const prefix = `/reference/${library.id}/`;
  const own = pages.filter((p) => p.part && p.route.startsWith(prefix) && !/^v\d+\//.test(p.route.slice(prefix.length)));
  const unknown = own.find((p) => !METHOD_PARTS.some((part) => part.id === p.part));
  if (unknown) throw new Error(`${unknown.route}: part "${unknown.part}" is not one of ${METHOD_PARTS.map((p) => p.id).join(', ')}`);
  const byOrder = (a, b) => (a.order ?? 0) - (b.order ?? 0) || a.title.localeCompare(b.title);
  const groups = METHOD_PARTS.map((part) => ({
    title: part.title,
    items: own.filter((p) => p.part === part.id).sort(byOrder).map((p) => ({ title: p.title, url: p.route })),
  })).filter((group) => group.items.length > 0);
  if (groups.length === 0) return null;
  const introduction = `${prefix}introduction`;
  return { id: 'reference', title: `${library.name} reference`, url: introduction, items: [{ title: 'Introduction', url: introduction }, ...groups] };
}
