// Where each route's content comes from. Shared by gatsby-node (to create pages) and the
// missing-routes script (to list nav routes that still need writing), so the two agree.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SITE_DIR = fileURLToPath(new URL('..', import.meta.url));
export const CONTENT_DIR = `${SITE_DIR}content`;

/** `guides/auth/index.mdx` -> `/guides/auth`; `guides/cli.mdx` -> `/guides/cli`. */
export function routeForContentFile(relativePath) {
  const route = `/${relativePath.replace(/\\/g, '/').replace(/\.mdx$/, '').replace(/(^|\/)index$/, '')}`;
  return route === '/' ? '/' : route.replace(/\/$/, '');
}

/** The files that would give a route its content: `content/<route>.mdx` or `content/<route>/index.mdx`. */
export function contentFilesForRoute(route) {
  const base = route.replace(/^\//, '');
  return [`${CONTENT_DIR}/${base}.mdx`, `${CONTENT_DIR}/${base}/index.mdx`];
}

/** Pages rendered from generated artifacts or src/pages rather than from MDX. */
export const GENERATED_ROUTES = ['/', '/reference/cli/introduction', '/reference/api/introduction', '/maintainers/state-machines'];

export function readNav() {
  return JSON.parse(readFileSync(`${SITE_DIR}src/data/nav.json`, 'utf8'));
}

export function hasContent(route) {
  return GENERATED_ROUTES.includes(route) || contentFilesForRoute(route).some((file) => existsSync(file));
}

/** Nav routes with no page yet, in nav order. */
export function missingRoutes(nav = readNav()) {
  return nav.routes.filter((route) => !hasContent(route.url));
}
