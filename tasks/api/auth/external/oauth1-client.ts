/**
 * The OAuth 1.0a client side (RFC 5849) of GoTrue v2.132.3's Twitter provider, as the
 * github.com/mrjones/oauth consumer that GoTrue uses sends its requests: the oauth_* parameters
 * (consumer key, a random nonce, HMAC-SHA1, the timestamp, version 1.0, the token when there is one)
 * in an `Authorization: OAuth ...` header, signed with HMAC-SHA1 over the method, the URL and every
 * oauth_* and query parameter, percent-encoded and sorted, keyed by the consumer's secret and the
 * token's. The request token and the access token are asked with GET, that consumer's default
 * method (GoTrue sets none), and read from their form-encoded answers. A 10 s timeout, as GoTrue's
 * other provider requests have, so a provider that never answers cannot hold a request forever.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { goEncodeValues } from './oauth-http.js';

const TIMEOUT_MS = 10_000;

/** The application's credentials (`client_id` and `secret` of `[auth.external.twitter]`). */
export interface OAuth1Consumer {
  key: string;
  secret: string;
}

/** A request token or an access token, with the secret that signs the requests made with it. */
export interface OAuth1Token {
  token: string;
  secret: string;
}

/** RFC 5849 3.6: every byte but ALPHA, DIGIT, '-', '.', '_' and '~' as %XX of its UTF-8. */
export function oauthEscape(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

const byKeyThenValue = (a: [string, string], b: [string, string]): number => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1);

/** RFC 5849 3.4: the signature base string of the request, signed with HMAC-SHA1, in base64. */
function signature(method: string, url: string, parameters: [string, string][], consumerSecret: string, tokenSecret: string): string {
  const target = new URL(url);
  // 3.4.1.2: the base URL is the scheme, host (default port left out) and path, without the query.
  const baseUrl = `${target.protocol}//${target.host}${target.pathname}`;
  const encoded = parameters.map(([key, value]): [string, string] => [oauthEscape(key), oauthEscape(value)]).sort(byKeyThenValue);
  const normalized = encoded.map(([key, value]) => `${key}=${value}`).join('&');
  const base = `${method}&${oauthEscape(baseUrl)}&${oauthEscape(normalized)}`;
  return createHmac('sha1', `${oauthEscape(consumerSecret)}&${oauthEscape(tokenSecret)}`).update(base).digest('base64');
}

/** mrjones/oauth's nonce: a random non-negative 63-bit number in decimal. */
const nonce = (): string => (randomBytes(8).readBigUInt64BE() >> 1n).toString();

/** One signed request; `protocol` are oauth_* parameters of the step (callback, verifier), `query` go in the URL. */
async function signedRequest(url: string, consumer: OAuth1Consumer, token: OAuth1Token | undefined, protocol: [string, string][], query: [string, string][]): Promise<{ status: number; text: string }> {
  const oauth: [string, string][] = [
    ['oauth_consumer_key', consumer.key],
    ['oauth_nonce', nonce()],
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', String(Math.floor(Date.now() / 1000))],
    ['oauth_version', '1.0'],
    ...(token?.token ? [['oauth_token', token.token] as [string, string]] : []),
    ...protocol,
  ];
  oauth.push(['oauth_signature', signature('GET', url, [...oauth, ...query], consumer.secret, token?.secret ?? '')]);
  const header = `OAuth ${oauth.sort(byKeyThenValue).map(([key, value]) => `${key}="${oauthEscape(value)}"`).join(',')}`;
  const search = query.length > 0 ? `?${goEncodeValues(new Map(query))}` : '';
  const response = await fetch(`${url}${search}`, { headers: { Authorization: header }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  return { status: response.status, text: await response.text() };
}

/** mrjones/oauth's answer check: any 2xx, else the status and body as the error. */
function ok(answer: { status: number; text: string }): string {
  if (answer.status < 200 || answer.status >= 300) throw new Error(`HTTP response is not 200/OK as expected: ${answer.status} ${answer.text}`);
  return answer.text;
}

/** parseRequestToken / parseAccessToken: oauth_token and oauth_token_secret of a form-encoded answer. */
function tokenOf(text: string): OAuth1Token {
  const fields = new URLSearchParams(text);
  for (const name of ['oauth_token', 'oauth_token_secret']) if (!fields.has(name)) throw new Error(`Missing ${name} in response. Full response body: '${text}'`);
  return { token: fields.get('oauth_token')!, secret: fields.get('oauth_token_secret')! };
}

/** RFC 5849 2.1: a request token for `callback`, signed with the consumer's secret alone. */
export async function fetchRequestToken(consumer: OAuth1Consumer, url: string, callback: string): Promise<OAuth1Token> {
  return tokenOf(ok(await signedRequest(url, consumer, undefined, [['oauth_callback', callback]], [])));
}

/** RFC 5849 2.3: the request token and the user's verifier exchanged for an access token. */
export async function fetchAccessToken(consumer: OAuth1Consumer, url: string, requestToken: OAuth1Token, verifier: string): Promise<OAuth1Token> {
  // The request token is sent even when empty, as mrjones/oauth's AuthorizeToken always sends it.
  const protocol: [string, string][] = requestToken.token ? [] : [['oauth_token', '']];
  if (verifier) protocol.push(['oauth_verifier', verifier]);
  return tokenOf(ok(await signedRequest(url, consumer, requestToken, protocol, [])));
}

/** A GET of a protected resource with the access token (mrjones/oauth's Consumer.Get): the 2xx body. */
export async function signedGet(consumer: OAuth1Consumer, url: string, query: [string, string][], accessToken: OAuth1Token): Promise<string> {
  return ok(await signedRequest(url, consumer, accessToken, [], query));
}
