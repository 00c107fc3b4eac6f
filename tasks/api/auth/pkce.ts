/**
 * GoTrue v2.132.3's PKCE (RFC 7636) pieces: a request's code_challenge and code_challenge_method
 * checked together (43 to 128 unreserved characters), a challenge making the flow PKCE (tokens
 * then stored `pkce_`-prefixed, the redirect carrying `?code=` instead of tokens), and a code
 * verifier checked against a flow state (`s256`: unpadded base64url SHA-256, or `plain`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { badRequest } from './auth-error.js';

export const PKCE_PREFIX = 'pkce_';

const CHALLENGE = /^[a-zA-Z._~0-9-]+$/;

/** GoTrue's validatePKCEParams. */
export function validatePkceParams(method: string, challenge: string): void {
  if ((challenge === '') !== (method === '')) throw badRequest('PKCE flow requires code_challenge_method and code_challenge');
  if (challenge === '') return;
  if (challenge.length < 43 || challenge.length > 128) throw badRequest('code challenge has to be between 43 and 128 characters');
  if (!CHALLENGE.test(challenge)) throw badRequest('code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
}

/** GoTrue's ParseCodeChallengeMethod: the stored name, or its error (a 500 where GoTrue returns it bare). */
export function parseChallengeMethod(method: string): 's256' | 'plain' {
  const lower = method.toLowerCase();
  if (lower === 's256' || lower === 'plain') return lower;
  throw new Error(`unsupported code_challenge method "${method}"`);
}

/** The prefix tokens of a flow carry: `pkce_` when a challenge came, else none. */
export const flowPrefix = (challenge: string): string => (challenge ? PKCE_PREFIX : '');

/** GoTrue's FlowState.VerifyPKCE: the refusal's words, or undefined when the verifier matches. */
export function pkceMismatch(method: string, challenge: string, verifier: string): string | undefined {
  let expected: string;
  if (method === 's256') expected = createHash('sha256').update(verifier).digest('base64url');
  else if (method === 'plain') expected = verifier;
  else return 'code challenge method not supported';
  const a = Buffer.from(challenge);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b) ? undefined : 'code challenge does not match previously saved code verifier';
}
