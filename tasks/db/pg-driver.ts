/**
 * The `pg` driver, loaded once for every module of the tool (import it from here, not from 'pg').
 *
 * Why not a plain import: while it loads, pg asks whether it runs inside a Cloudflare Worker. On
 * Node 21 and later it reads `navigator.userAgent`; Node 20 has no `navigator`, so pg builds a
 * fetch `Response` to find out, which makes Node load its whole fetch client (undici), about
 * 17 ms of every command that connects to a database, for nothing. pg-navigator.ts, imported
 * first (ES modules run in import order), sets a `navigator` carrying Node's user agent, as Node
 * 21+ defines it; it is removed as soon as pg has loaded, so no other code ever sees it.
 *
 * The CLI bundle (scripts/bundle-cli.js) and the service entries (scripts/bundle-services.js)
 * take pg in, in that same order: pg is CommonJS, ~35 files that Node would otherwise load one by
 * one (about 18 ms against 9 ms bundled).
 */
import { removePgNavigator } from './pg-navigator.js';
import pg from 'pg';

removePgNavigator();

export default pg;
