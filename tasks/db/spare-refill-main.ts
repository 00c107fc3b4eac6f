/**
 * The detached process a local `db reset` leaves behind to make the next spare database
 * (spare-database.ts) while the user goes on. The cluster's admin URL comes in the environment,
 * not on the command line, where `ps` would show its password. Nobody waits for it or reads its
 * output: a failure (the server stopped meanwhile, a refill already at work) leaves no spare, and
 * the next reset copies the template itself.
 */
import { refillSpare } from './spare-database.js';

const url = process.env.SUPABASE_SPARE_ADMIN_URL;
if (url) await refillSpare(url).catch(() => undefined);
