/**
 * The two legs of GoTrue v2.132.3's OAuth 1.0a sign-in (Twitter) that differ from OAuth2's; the
 * state, the account, PKCE and the redirects are external.ts's, shared by both. At /authorize the
 * request token is fetched and kept in the `_gotrue_session` cookie under the provider's name (as
 * GoTrue marshals it: {"Token","Secret"}, or null when the provider refused it: GoTrue then sends the
 * user to an empty URL). At the callback the cookie's token must be the `oauth_token` the provider
 * sent back (a denied authorization sends none), is exchanged with `oauth_verifier` for the access
 * token, and the user is read with it; each failure is the 500 GoTrue redirects with.
 */
import { internalError } from '../auth-error.js';
import { header, type AuthRequest } from '../auth-request.js';
import type { AuthState } from '../auth-state.js';
import type { OAuth1Token } from '../external/oauth1-client.js';
import { getFromSession, storeInSession } from '../external/oauth1-session.js';
import type { OAuth1Provider, UserProvidedData } from '../external/provider-kit.js';

/** GoTrue's AuthCodeURL and StoreInSession for Twitter: the provider's URL ('' when it refused) and the cookie that keeps the token. */
export async function oauth1Redirect(request: AuthRequest, state: AuthState, provider: OAuth1Provider, name: string, stateToken: string): Promise<{ url: string; cookie: string }> {
  let url = '';
  let stored = 'null';
  try {
    const answer = await provider.authorize(stateToken);
    url = answer.url;
    stored = JSON.stringify({ Token: answer.requestToken.token, Secret: answer.requestToken.secret });
  } catch (error) {
    // GoTrue drops this error; it is logged here so that a wrong secret or url can be found.
    state.log(`oauth: the request token of ${name}: ${(error as Error).message}`);
  }
  return { url, cookie: storeInSession(header(request, 'cookie'), name, stored) };
}

/** The token kept at /authorize; GoTrue's Unmarshal reads a null as an empty token. */
function keptToken(stored: string): OAuth1Token {
  const value = JSON.parse(stored) as { Token?: string; Secret?: string } | null;
  return { token: value?.Token ?? '', secret: value?.Secret ?? '' };
}

/** GoTrue's oAuth1Callback: the provider's user and its access token (OAuth 1.0a has no refresh token). */
export async function oauth1User(request: AuthRequest, state: AuthState, provider: OAuth1Provider, name: string): Promise<{ data: UserProvidedData; accessToken: string; refreshToken: string }> {
  const requestToken = keptToken(getFromSession(header(request, 'cookie'), name));
  // The provider's parameters are read from the URL, even when the callback is a POST.
  if (requestToken.token !== (request.query.get('oauth_token') ?? '')) throw internalError("Request token doesn't match token in callback");
  let accessToken: OAuth1Token;
  try {
    accessToken = await provider.accessToken(requestToken, request.query.get('oauth_verifier') ?? '');
  } catch (error) {
    state.log(`oauth: the access token of ${name}: ${(error as Error).message}`);
    throw internalError('Unable to retrieve access token');
  }
  try {
    return { data: await provider.userData(accessToken), accessToken: accessToken.token, refreshToken: '' };
  } catch (error) {
    state.log(`oauth: reading the user from ${name}: ${(error as Error).message}`);
    throw internalError('Error getting user email from external provider');
  }
}
