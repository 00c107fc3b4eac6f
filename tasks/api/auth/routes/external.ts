/**
 * OAuth sign-in as GoTrue v2.132.3 serves it. GET /authorize?provider=<name> redirects (302) to the
 * provider's authorization URL with GoTrue's signed state (the provider and the allowed redirect_to,
 * else site_url), the provider's scopes plus `scopes`, and the request's other parameters passed
 * on. GET or POST /callback checks the state (a missing or forged one is GoTrue's 400), exchanges
 * the code at the provider's token endpoint, reads the user from its API, signs the user in or up
 * (external-account.ts) with an `oauth` session, and redirects to the referrer with the tokens and
 * the provider's tokens in the fragment; a failure past the state check redirects there too, with
 * GoTrue's error, error_description and error_code in the query and the fragment. A state made for
 * a manual link adds the identity to its signed-in user instead (link-identity.ts). With a
 * code_challenge the flow is PKCE, as GoTrue runs it: /authorize stores an `oauth` flow state (no
 * user yet) whose id the signed state carries, the callback writes the user and the provider's
 * tokens into it and, instead of a session, redirects with its auth code in `?code=`, which
 * POST /token?grant_type=pkce (pkce-grant.ts) exchanges with the verifier. Twitter's OAuth 1.0a
 * legs (a request token kept in a cookie, a verifier instead of a code) are external-oauth1.ts's.
 */
import { inTransaction } from '../auth-db.js';
import { AuthError, badRequest, internalError, notFound, oauthError } from '../auth-error.js';
import { clientOf, header, requestAud, type AuthRequest } from '../auth-request.js';
import type { AuthReply, RouteContext } from '../auth-state.js';
import { externalAccount } from '../external/external-account.js';
import { linkIdentityToUser } from '../external/link-identity.js';
import { authCodeUrl, exchangeCode, goEncodeValues } from '../external/oauth-http.js';
import { oauthProvider, type ExternalProvider, type UserProvidedData } from '../external/oauth-providers.js';
import { signState, verifyState, type OAuthState } from '../external/oauth-state.js';
import { parseChallengeMethod, validatePkceParams } from '../pkce.js';
import { referrerOf } from '../redirect-url.js';
import { completeOAuthFlowState, findFlowStateById, insertFlowState } from '../store/flow-states.js';
import { findUserById } from '../store/users.js';
import { issueSession } from '../tokens.js';
import { oauth1Redirect, oauth1User } from './external-oauth1.js';

/** GoTrue's oauthErrorMap: the OAuth error name of an HTTP status. */
const OAUTH_ERROR_NAMES: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error', 503: 'temporarily_unavailable' };

/** The query parameters GoTrue consumes itself; the rest go on to the provider. */
const OWN_PARAMETERS = new Set(['scopes', 'provider', 'code_challenge', 'code_challenge_method']);

async function providerFor(context: RouteContext<unknown>, name: string, scopes: string): Promise<ExternalProvider> {
  try {
    return await oauthProvider(context.state.auth.external, name, scopes);
  } catch (error) {
    throw badRequest(`Unsupported provider: ${(error as Error).message}`);
  }
}

/** Where /authorize sends the user, and the session cookie an OAuth 1.0a provider's request token is kept in. */
export interface ProviderRedirect {
  url: string;
  cookie?: string;
}

/**
 * GoTrue's GetExternalProviderRedirectURL: the provider's authorization URL with the signed state;
 * `linkingTargetId` names the signed-in user of a manual link (GET /user/identities/authorize).
 */
export async function providerRedirectUrl(context: RouteContext<unknown>, linkingTargetId: string): Promise<ProviderRedirect> {
  const { request, state } = context;
  const { query } = request;
  const name = query.get('provider') ?? '';
  const provider = await providerFor(context, name, query.get('scopes') ?? '');
  const challenge = query.get('code_challenge') ?? '';
  const method = query.get('code_challenge_method') ?? '';
  validatePkceParams(method, challenge);
  let flowStateId = '';
  if (challenge) {
    let parsed: string;
    try {
      parsed = parseChallengeMethod(method);
    } catch (error) {
      throw badRequest((error as Error).message);
    }
    flowStateId = await insertFlowState(state.pool, { providerType: name, codeChallenge: challenge, codeChallengeMethod: parsed, authenticationMethod: 'oauth', userId: null });
  }
  const token = await signState(state.secret, state.auth.siteUrl, { provider: name, referrer: referrerOf(request, state.auth), flowStateId, linkingTargetId });
  if ('protocol' in provider) return oauth1Redirect(request, state, provider, name, token);
  const extra: [string, string][] = [];
  for (const key of new Set(query.keys())) if (!OWN_PARAMETERS.has(key)) extra.push([key === 'workos_provider' ? 'provider' : key, query.get(key) ?? '']);
  return { url: authCodeUrl(provider.endpoints, token, extra) };
}

/**
 * The 302 of Go's http.Redirect to where /authorize sends the user, with the session cookie if
 * there is one; Go makes an empty URL (a provider that refused the request token) the request's
 * directory.
 */
export function redirectReply(request: AuthRequest, redirect: ProviderRedirect): AuthReply {
  const location = redirect.url || request.path.slice(0, request.path.lastIndexOf('/') + 1);
  return { status: 302, headers: { location, ...(redirect.cookie ? { 'set-cookie': redirect.cookie } : {}) } };
}

export async function authorize(context: RouteContext): Promise<AuthReply> {
  return redirectReply(context.request, await providerRedirectUrl(context, ''));
}

/** The callback's parameters: the form of a POST (Apple posts), else the query string. */
function callbackParameters(request: AuthRequest): URLSearchParams {
  const type = header(request, 'content-type');
  if (request.method === 'POST' && type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(request.body);
  return request.query;
}

/** GoTrue's redirectErrors: the error in the redirect URL's query and, as before, its fragment. */
function errorRedirect(target: string, error: unknown, log: (line: string) => void): AuthReply {
  const url = new URL(target);
  const values = new Map<string, string>([...url.searchParams.entries()]);
  if (error instanceof AuthError && 'msg' in error.body) {
    values.set('error', OAUTH_ERROR_NAMES[error.status] ?? 'server_error');
    values.set('error_description', error.body.msg);
    values.set('error_code', String(error.status));
  } else if (error instanceof AuthError && 'error' in error.body) {
    values.set('error', error.body.error);
    values.set('error_description', error.body.error_description ?? '');
  } else {
    log(`oauth callback: ${(error as Error)?.stack ?? String(error)}`);
    values.set('error', 'server_error');
    values.set('error_description', (error as Error)?.message ?? String(error));
  }
  const fragment = new Map<string, string>();
  for (const key of ['error', 'error_code', 'error_description']) if (values.get(key)) fragment.set(key, values.get(key)!);
  // The target as given, without its query and fragment (Go's URL keeps an empty path empty).
  const base = target.split(/[?#]/)[0];
  return { status: 302, headers: { location: `${base}?${goEncodeValues(values)}#${goEncodeValues(fragment)}` } };
}

/** GoTrue's prepPKCERedirectURL: `code` set in the target's query (re-encoded as Go does), its fragment kept. */
function withCode(target: string, code: string): string {
  const hashAt = target.indexOf('#');
  const fragment = hashAt < 0 ? '' : target.slice(hashAt);
  const withoutFragment = hashAt < 0 ? target : target.slice(0, hashAt);
  const queryAt = withoutFragment.indexOf('?');
  const base = queryAt < 0 ? withoutFragment : withoutFragment.slice(0, queryAt);
  const values = new Map<string, string>(queryAt < 0 ? [] : [...new URLSearchParams(withoutFragment.slice(queryAt + 1)).entries()]);
  values.set('code', code);
  return `${base}?${goEncodeValues(values)}${fragment}`;
}

async function providerUser(context: RouteContext, oauth: OAuthState, parameters: URLSearchParams): Promise<{ data: UserProvidedData; accessToken: string; refreshToken: string }> {
  // GoTrue's handleOAuthCallback picks the OAuth 1.0a callback by the state's provider name alone.
  if (oauth.provider === 'twitter') {
    const provider = await providerFor(context, oauth.provider, '');
    if ('protocol' in provider) return oauth1User(context.request, context.state, provider, oauth.provider);
  }
  const failed = parameters.get('error');
  if (failed) throw oauthError(failed, parameters.get('error_description') ?? '');
  const code = parameters.get('code') ?? '';
  if (!code) throw badRequest('Authorization code missing');
  const provider = await providerFor(context, oauth.provider, '');
  // A state for `Twitter` spelled otherwise reaches the OAuth2 callback, whose stubs in GoTrue's TwitterProvider read no user.
  if ('protocol' in provider) throw internalError('Error getting user email from external provider');
  let token;
  try {
    token = await exchangeCode(provider.endpoints, code);
  } catch (error) {
    context.state.log(`oauth: exchanging the code with ${oauth.provider}: ${(error as Error).message}`);
    throw internalError(`Unable to exchange external code: ${code}`);
  }
  try {
    const data = await provider.userData(token);
    const user = parameters.get('user');
    if (user && provider.parseUser) provider.parseUser(user, data);
    return { data, accessToken: token.accessToken, refreshToken: token.refreshToken };
  } catch (error) {
    context.state.log(`oauth: reading the user from ${oauth.provider}: ${(error as Error).message}`);
    throw internalError('Error getting user profile from external provider');
  }
}

export async function callback(context: RouteContext): Promise<AuthReply> {
  const { request, state } = context;
  const parameters = callbackParameters(request);
  const stateToken = parameters.get('state') ?? '';
  if (!stateToken) throw badRequest('OAuth state parameter missing');
  const oauth = await verifyState(state.secret, stateToken);
  // GoTrue's loadExternalState answers this itself, before any redirect.
  const linkingTarget = oauth.linkingTargetId ? await findUserById(state.pool, oauth.linkingTargetId) : undefined;
  if (oauth.linkingTargetId && !linkingTarget) throw notFound('Linking target user not found');
  const target = oauth.referrer || state.auth.siteUrl;
  try {
    const { data, accessToken, refreshToken } = await providerUser(context, oauth, parameters);
    if (data.emails.length === 0) throw internalError('Error getting user email from external provider');
    const metadata: Record<string, unknown> = { ...data.metadata, email_verified: false };
    for (const entry of data.emails) {
      metadata.email = entry.email;
      metadata.email_verified = entry.verified;
      if (entry.primary) break;
    }
    const flow = oauth.flowStateId ? await findFlowStateById(state.pool, oauth.flowStateId) : undefined;
    if (oauth.flowStateId && !flow) throw internalError('Flow state not found');
    const outcome = await inTransaction(state.pool, async (tx) => {
      const account = linkingTarget ? await linkIdentityToUser(tx, linkingTarget, oauth.provider, metadata) : await externalAccount(tx, state.auth, requestAud(request), oauth.provider, data.emails, metadata);
      if ('refusal' in account) return account;
      if (flow) {
        // PKCE: the session is the grant's to issue, to whoever holds the verifier.
        await completeOAuthFlowState(tx, flow.id, account.user.id, accessToken, refreshToken);
        return { code: flow.auth_code, tokens: undefined };
      }
      return { code: undefined, tokens: await issueSession(tx, state, account.user.id, 'oauth', clientOf(request)) };
    });
    if ('refusal' in outcome) throw outcome.refusal;
    const { code, tokens } = outcome;
    if (code !== undefined) return { status: 302, headers: { location: withCode(target, code) } };
    const fragment = new Map<string, string>([
      ['provider_token', accessToken],
      ...(refreshToken ? [['provider_refresh_token', refreshToken] as [string, string]] : []),
      ['access_token', tokens.access_token],
      ['token_type', tokens.token_type],
      ['expires_in', String(tokens.expires_in)],
      ['expires_at', String(tokens.expires_at)],
      ['refresh_token', tokens.refresh_token],
    ]);
    return { status: 302, headers: { location: `${target}#${goEncodeValues(fragment)}` } };
  } catch (error) {
    return errorRedirect(target, error, state.log);
  }
}
