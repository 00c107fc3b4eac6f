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
 * The sidebar of one version of a library: its introduction, then each part that has pages, its
 * methods by `order` (then title). `pages` are `{ route, title, part, order }`. The newest version
 * (no `version`) lives at /reference/<id>/..., an older one under /reference/<id>/<version>/...;
 * each menu lists only its own version's pages, so a v1 reader never lands on a v2 method.
 */
export function methodSidebar(library, pages, version) {
  const prefix = version ? `/reference/${library.id}/${version}/` : `/reference/${library.id}/`;
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
  const title = version ? `${library.name} ${version} reference` : `${library.name} reference`;
  return { id: 'reference', title, url: introduction, items: [{ title: 'Introduction', url: introduction }, ...groups] };
}

/**
 * Methods that a newer version renamed, as [older version, its slug, newer slug] per library: the
 * version switch leads from one to the other, as from `select` to `select`.
 */
const RENAMED = {
  javascript: [
    ['v1', 'auth-signin', 'auth-signinwithpassword'],
    ['v1', 'auth-user', 'auth-getuser'],
    ['v1', 'auth-session', 'auth-getsession'],
    ['v1', 'auth-update', 'auth-updateuser'],
  ],
};

/** The slug of the method `slug` of version `from` in version `to` (the same slug unless renamed). */
export function counterpartSlug(libraryId, slug, from, to) {
  if (from === to) return slug;
  for (const [older, olderSlug, newerSlug] of RENAMED[libraryId] ?? []) {
    if (from === older && slug === olderSlug) return newerSlug;
    if (to === older && slug === newerSlug) return olderSlug;
  }
  return slug;
}
