/**
 * GoTrue v2.132.3's `_gotrue_session` cookie (storage/session.go, a gorilla/sessions CookieStore):
 * where an OAuth 1.0a request token waits between /authorize and the callback, under the provider's
 * name, since signing the access-token request needs the token's secret and the callback brings back
 * only the token. The cookie is signed, not encrypted, as GoTrue's is (a hash key only); the key is
 * made when the process starts, as GoTrue makes one when GOTRUE_SESSION_KEY is unset (the CLI never
 * sets it), so a restarted server no longer knows the cookies it gave. Path=/ and 30 days, gorilla's
 * defaults; an older or forged cookie is no session at all.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const NAME = '_gotrue_session';
/** gorilla/sessions' default MaxAge. */
const MAX_AGE_SECONDS = 86_400 * 30;
const KEY = randomBytes(32);

const mac = (stamp: string, payload: string): Buffer => createHmac('sha256', KEY).update(`${NAME}|${stamp}|${payload}`).digest();

/** The values of the request's session cookie, or none when it is missing, forged or expired. */
function sessionValues(cookieHeader: string): Record<string, string> | undefined {
  const cookie = cookieHeader.split(/;\s*/).find((part) => part.startsWith(`${NAME}=`));
  if (!cookie) return undefined;
  const [payload, stamp, signature] = cookie.slice(NAME.length + 1).split('.');
  if (!payload || !stamp || !signature) return undefined;
  const expected = mac(stamp, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Number(stamp) + MAX_AGE_SECONDS < Date.now() / 1000) return undefined;
  const values = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown;
  return typeof values === 'object' && values !== null ? (values as Record<string, string>) : undefined;
}

/** GoTrue's StoreInSession: `key` set beside what the request's session holds; the Set-Cookie header to send. */
export function storeInSession(cookieHeader: string, key: string, value: string): string {
  const values = { ...sessionValues(cookieHeader), [key]: value };
  const stamp = String(Math.floor(Date.now() / 1000));
  const payload = Buffer.from(JSON.stringify(values)).toString('base64url');
  const expires = new Date(Date.now() + MAX_AGE_SECONDS * 1000).toUTCString();
  return `${NAME}=${payload}.${stamp}.${mac(stamp, payload).toString('base64url')}; Path=/; Expires=${expires}; Max-Age=${MAX_AGE_SECONDS}`;
}

/** GoTrue's GetFromSession: the value stored under `key`, or its error. */
export function getFromSession(cookieHeader: string, key: string): string {
  const value = sessionValues(cookieHeader)?.[key];
  if (typeof value !== 'string') throw new Error('session could not be found for this request');
  return value;
}
