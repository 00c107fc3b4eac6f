/**
 * The OAuth2 client side of GoTrue v2.132.3's external providers, as golang.org/x/oauth2 does it:
 * the authorization URL (response_type, client_id, redirect_uri, scope, state and any extra
 * parameters, sorted by name as Go's url.Values encodes them), the code exchange (a form POST with
 * the client's credentials in Basic auth, retried in the form when the server refuses that, as
 * AuthStyleAutoDetect does; a JSON or form-encoded answer) and the provider's API read with the
 * access token as a Bearer token, with GoTrue's 10 s timeout.
 */

/** GoTrue's provider defaultTimeout. */
const TIMEOUT_MS = 10_000;

export interface OAuthEndpoints {
  clientId: string;
  secret: string;
  redirectUri: string;
  authUrl: string;
  tokenUrl: string;
  scopes: string[];
  /** oauth2.AuthStyleInParams (Kakao): the client's credentials only in the form, never in Basic auth. */
  authInParams?: boolean;
  /** Parameters a provider adds to its authorization URL (Apple's response_mode=form_post). */
  authParams?: [string, string][];
  /** Parameters a provider adds to its code exchange's form (Apple's client_id and secret). */
  tokenParams?: [string, string][];
}

/** The token answer of a provider (oauth2.Token and its extras, such as an OIDC id_token). */
export interface ProviderToken {
  accessToken: string;
  refreshToken: string;
  tokenType: string;
  extra: Record<string, unknown>;
}

/** Go's url.QueryEscape. */
export function goQueryEscape(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
}

/** Go's url.Values.Encode: keys sorted, each value query-escaped. */
export function goEncodeValues(values: Map<string, string>): string {
  return [...values.keys()].sort().map((key) => `${goQueryEscape(key)}=${goQueryEscape(values.get(key)!)}`).join('&');
}

/** oauth2.Config.AuthCodeURL. */
export function authCodeUrl(endpoints: OAuthEndpoints, state: string, extra: [string, string][]): string {
  const values = new Map<string, string>([['response_type', 'code'], ['client_id', endpoints.clientId]]);
  if (endpoints.redirectUri) values.set('redirect_uri', endpoints.redirectUri);
  if (endpoints.scopes.length > 0) values.set('scope', endpoints.scopes.join(' '));
  if (state) values.set('state', state);
  for (const [key, value] of [...(endpoints.authParams ?? []), ...extra]) values.set(key, value);
  return `${endpoints.authUrl}${endpoints.authUrl.includes('?') ? '&' : '?'}${goEncodeValues(values)}`;
}

async function tokenRequest(endpoints: OAuthEndpoints, code: string, inHeader: boolean): Promise<Response> {
  const form = new Map<string, string>([['grant_type', 'authorization_code'], ['code', code]]);
  if (endpoints.redirectUri) form.set('redirect_uri', endpoints.redirectUri);
  for (const [key, value] of endpoints.tokenParams ?? []) form.set(key, value);
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (inHeader) {
    headers.Authorization = `Basic ${Buffer.from(`${goQueryEscape(endpoints.clientId)}:${goQueryEscape(endpoints.secret)}`).toString('base64')}`;
  } else {
    form.set('client_id', endpoints.clientId);
    if (endpoints.secret) form.set('client_secret', endpoints.secret);
  }
  return fetch(endpoints.tokenUrl, { method: 'POST', headers, body: goEncodeValues(form), signal: AbortSignal.timeout(TIMEOUT_MS) });
}

/** oauth2.Config.Exchange with AuthStyleAutoDetect. */
export async function exchangeCode(endpoints: OAuthEndpoints, code: string): Promise<ProviderToken> {
  let response = await tokenRequest(endpoints, code, !endpoints.authInParams);
  if (!response.ok && !endpoints.authInParams) response = await tokenRequest(endpoints, code, false);
  const text = await response.text();
  if (!response.ok) throw new Error(`oauth2: cannot fetch token: ${response.status} ${response.statusText}\nResponse: ${text}`);
  const type = (response.headers.get('content-type') ?? '').split(';')[0].trim();
  let fields: Record<string, unknown>;
  if (type === 'application/x-www-form-urlencoded' || type === 'text/plain') fields = Object.fromEntries(new URLSearchParams(text));
  else fields = JSON.parse(text) as Record<string, unknown>;
  const accessToken = typeof fields.access_token === 'string' ? fields.access_token : '';
  if (!accessToken) throw new Error('oauth2: server response missing access_token');
  return {
    accessToken,
    refreshToken: typeof fields.refresh_token === 'string' ? fields.refresh_token : '',
    tokenType: typeof fields.token_type === 'string' ? fields.token_type : '',
    extra: fields,
  };
}

/**
 * GoTrue's makeRequest: a GET with the token, a 2xx JSON answer or the status and body as the error;
 * `headers` are what a provider adds (Twitch's Client-Id, Notion's Notion-Version).
 */
export async function providerGet<T>(token: ProviderToken, url: string, headers: Record<string, string> = {}): Promise<T> {
  const type = !token.tokenType || token.tokenType.toLowerCase() === 'bearer' ? 'Bearer' : token.tokenType;
  const response = await fetch(url, { headers: { ...headers, Authorization: `${type} ${token.accessToken}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.text();
  if (response.status < 200 || response.status >= 300) throw new Error(`${response.status}: ${text}`);
  return JSON.parse(text) as T;
}
