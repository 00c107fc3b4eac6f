/**
 * POST /token?grant_type=id_token as GoTrue v2.132.3's IdTokenGrant serves it (supabase-js's
 * signInWithIdToken): an ID token from a provider enabled in config.toml (id-token-provider.ts),
 * verified against the issuer's published keys (id-token-verify.ts), for one of the provider's
 * client ids, with the nonce the client hashed into it, signs the user in or up as the OAuth
 * callback does (external-account.ts) and answers the session. The refusals are GoTrue's: OAuth
 * errors `invalid request` for what is missing or wrong in the token, its 400s for the provider.
 */
import { createHash } from 'node:crypto';
import { inTransaction } from '../auth-db.js';
import { oauthError } from '../auth-error.js';
import { clientOf, readParams, requestAud } from '../auth-request.js';
import type { AuthReply, RouteContext } from '../auth-state.js';
import { externalAccount } from '../external/external-account.js';
import { idTokenProvider } from '../external/id-token-provider.js';
import { BadIdToken, verifyIdToken } from '../external/id-token-verify.js';
import { issueSession } from '../tokens.js';

const PARAMS = {
  name: 'IdTokenGrantParams',
  fields: { id_token: 'string', access_token: 'string', nonce: 'string', provider: 'string', client_id: 'string', issuer: 'string' },
} as const;

export async function idTokenGrant({ request, state }: RouteContext): Promise<AuthReply> {
  const raw = readParams(request, PARAMS, 'Could not read id token grant params');
  const text = (key: string): string => (raw[key] as string | undefined) ?? '';
  const params = { idToken: text('id_token'), provider: text('provider'), clientId: text('client_id'), issuer: text('issuer') };
  if (!params.idToken) throw oauthError('invalid request', 'id_token required');
  if (!params.provider && (!params.clientId || !params.issuer)) throw oauthError('invalid request', 'provider or client_id and issuer required');
  const provider = idTokenProvider(state.auth, params);
  let verified;
  try {
    verified = await verifyIdToken(provider.issuer, params.idToken, text('access_token'));
  } catch (error) {
    if (error instanceof BadIdToken) {
      state.log(`id_token grant: ${error.message}`);
      throw oauthError('invalid request', 'Bad ID token');
    }
    throw error;
  }
  const { payload, audiences, data } = verified;
  const metadata: Record<string, unknown> = { ...data.metadata, email_verified: false };
  for (const entry of data.emails) {
    metadata.email = entry.email;
    metadata.email_verified = entry.verified;
    if (entry.primary) break;
  }
  if (!payload.sub) throw oauthError('invalid request', 'Missing sub claim in id_token');
  if (!provider.clientIds.some((id) => audiences.includes(id))) throw oauthError('invalid request', 'Unacceptable audience in id_token');
  const tokenNonce = typeof payload.nonce === 'string' ? payload.nonce : '';
  const nonce = text('nonce');
  if (Boolean(tokenNonce) !== Boolean(nonce)) throw oauthError('invalid request', 'Passed nonce and nonce in id_token should either both exist or not.');
  if (tokenNonce && createHash('sha256').update(nonce).digest('hex') !== tokenNonce) throw oauthError('invalid nonce', 'Nonces mismatch');
  let outcome;
  try {
    outcome = await inTransaction(state.pool, async (tx) => {
      const account = await externalAccount(tx, state.auth, requestAud(request), provider.providerType, data.emails, metadata);
      if ('refusal' in account) return account;
      return { tokens: await issueSession(tx, state, account.user.id, 'oauth', clientOf(request)) };
    });
  } catch (error) {
    // GoTrue answers any failure in its transaction but a committed refusal this way.
    state.log(`id_token grant: ${(error as Error)?.message ?? String(error)}`);
    throw oauthError('server_error', 'Internal Server Error');
  }
  if ('refusal' in outcome) throw outcome.refusal;
  return { status: 200, body: outcome.tokens };
}

