// Groups CLI commands into the reference's categories by their first word (`db push` -> Database),
// in the order the upstream reference lists them.
const CATEGORY_BY_WORD = {
  test: 'Testing', gen: 'Generate Types', db: 'Database', migration: 'Migrations', seed: 'Seed',
  inspect: 'Inspect', projects: 'Projects', branches: 'Branches', orgs: 'Organizations',
  functions: 'Edge Functions', secrets: 'Secrets', storage: 'Storage', encryption: 'Encryption',
  sso: 'Authentication', snippets: 'Snippets', domains: 'Custom Domains',
  'vanity-subdomains': 'Vanity Subdomains', 'network-restrictions': 'Network Restrictions',
  'network-bans': 'Network Bans', 'ssl-enforcement': 'SSL Enforcement',
  'postgres-config': 'Postgres Config', completion: 'Additional Commands', help: 'Additional Commands',
};
const ORDER = ['General', ...new Set(Object.values(CATEGORY_BY_WORD))];

export const cliCommandRoute = (id) => `/reference/cli/${id}`;

/** [{ title, commands: [{ id, title }] }] in reference order; unknown words fall under General. */
export function cliCategories(spec) {
  const groups = new Map(ORDER.map((title) => [title, []]));
  for (const command of spec.commands) {
    const word = command.title.split(' ')[1];
    const title = CATEGORY_BY_WORD[word] ?? 'General';
    groups.get(title).push({ id: command.id, title: command.title });
  }
  return [...groups].filter(([, commands]) => commands.length).map(([title, commands]) => ({ title, commands }));
}

/** The sidebar of the CLI reference, in the nav item shape. */
export function cliSidebar(spec) {
  return {
    id: 'cli-reference',
    title: 'CLI Commands',
    url: '/reference/cli/introduction',
    items: [
      { title: 'Introduction', url: '/reference/cli/introduction' },
      { title: 'Global flags', url: '/reference/cli/introduction#global-flags' },
      ...cliCategories(spec).map((category) => ({
        title: category.title,
        // The whole command, as its page's heading shows it: a bare `start` or `stop` link says
        // nothing out of context (Lighthouse's link-text audit counts such links against SEO).
        items: category.commands.map((c) => ({ title: c.title, url: cliCommandRoute(c.id) })),
      })),
    ],
  };
}
