/**
 * The `pg` driver, loaded once for every module of the tool (import it from here, not from 'pg').
 *
 * Why not a plain import: while it loads, pg asks whether it runs inside a Cloudflare Worker. On
 * Node 21 and later it reads `navigator.userAgent`; Node 20 has no `navigator`, so pg builds a
 * fetch `Response` to find out, which makes Node load its whole fetch client (undici), about
 * 17 ms of every command that connects to a database, for nothing. A `navigator` carrying Node's
 * user agent, as Node 21+ defines it, is set only for the synchronous load and removed at once,
 * so no other code ever sees it.
 */
import { createRequire } from 'node:module';
import type pgTypes from 'pg';

function loadPg(): typeof pgTypes {
  const require = createRequire(import.meta.url);
  if ('navigator' in globalThis) return require('pg') as typeof pgTypes;
  Object.defineProperty(globalThis, 'navigator', { value: { userAgent: `Node.js/${process.versions.node.split('.')[0]}` }, configurable: true });
  try {
    return require('pg') as typeof pgTypes;
  } finally {
    delete (globalThis as { navigator?: unknown }).navigator;
  }
}

const pg = loadPg();
export default pg;
