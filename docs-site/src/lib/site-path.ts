/**
 * A route of the site as the router knows it: no trailing slash before the query or hash
 * (gatsby-config's trailingSlash is 'never'; Gatsby's own Link applies the same rule, so a link
 * written either way reaches the page without a redirect).
 */
export function routePath(to: string): string {
  const [, path = '', suffix = ''] = /^([^?#]*)(.*)$/.exec(to) ?? [];
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (trimmed || '/') + suffix;
}
