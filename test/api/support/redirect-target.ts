/**
 * Whether a redirect has reached the page a test waits for. Origins are compared, never string
 * prefixes: the app at http://127.0.0.1:3000 is a prefix of an API on port 30009, which a free port
 * can be, and a prefix test then stops at the Auth's own callback.
 */
export function reachesOrigin(location: string, target: string): boolean {
  return new URL(location).origin === new URL(target).origin;
}
