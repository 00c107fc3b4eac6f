/**
 * The pure parts of the native Realtime service that answer a client's mistakes with realtime
 * v2.25.50's own words: postgres_changes parameters (parse_subscription_params' doctests: eq, in
 * as an array literal, an unknown operator, `undefined`, no schema or table) and the token checks
 * of its JWT verification (wrong header type, missing claims, expiry, signature).
 */
import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import { checkAccessToken } from '../../tasks/api/realtime/access-token.js';
import { inspect } from '../../tasks/api/realtime/elixir-inspect.js';
import { parseSubscriptionParams } from '../../tasks/api/realtime/postgres-changes/subscription-params.js';

const SECRET = new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long');

const token = (claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }, secret = SECRET) =>
  new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(secret);

describe('Realtime: subscription parameters and access tokens as realtime v2.25.50 judges them', () => {
  it('parses filters as realtime does, and refuses what it refuses with its sentences', () => {
    assert.deepEqual(parseSubscriptionParams({ schema: 'public', table: 'messages', filter: 'subject=eq.hey' }), { schema: 'public', table: 'messages', filters: [['subject', 'eq', 'hey']] });
    assert.deepEqual(parseSubscriptionParams({ schema: 'public', table: 'messages', filter: 'subject=in.(hidee,ho)' }), { schema: 'public', table: 'messages', filters: [['subject', 'in', '{hidee,ho}']] });
    assert.deepEqual(parseSubscriptionParams({ schema: 'public', table: 'messages', filter: 'subject=like.hey' }), { error: 'Error parsing `filter` params: ["like", "hey"]' });
    assert.deepEqual(parseSubscriptionParams({ schema: 'public', table: 'messages', filter: 'undefined' }), { error: 'Error parsing `filter` params: ["undefined"]' });
    assert.deepEqual(parseSubscriptionParams({ schema: 'public', table: 'messages', filter: 'id=in.1,2' }), { error: 'Error parsing `filter` params: `in` filter value must be wrapped by parentheses' });
    assert.deepEqual(parseSubscriptionParams({ schema: 'public' }), { schema: 'public', table: '*', filters: [] });
    assert.deepEqual(parseSubscriptionParams({ table: 'todos' }), { schema: 'public', table: 'todos', filters: [] });
    assert.deepEqual(parseSubscriptionParams({ event: '*' }), { error: 'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{"event" => "*"}' });
  });

  it('writes Elixir terms as inspect does', () => {
    assert.equal(inspect({ table: 'b', event: '*' }), '%{"event" => "*", "table" => "b"}');
    assert.equal(inspect(['say "hi"']), '["say \\"hi\\""]');
  });

  it('accepts a signed token with role and exp, and refuses the others with realtime reasons', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const good = await checkAccessToken(await token({ role: 'anon', exp }), SECRET);
    assert.deepEqual(good, { ok: true, claims: { role: 'anon', exp } });
    const reason = async (value: unknown) => {
      const checked = await checkAccessToken(value, SECRET);
      return checked.ok ? 'accepted' : inspect(checked.reason);
    };
    assert.equal(await reason(await token({ role: 'anon' })), '"Fields `role` and `exp` are required in JWT"');
    assert.equal(await reason(await token({ role: 'anon', exp: 1000 })), '[message: "Invalid token", claim: "exp", claim_val: 1000]');
    assert.equal(await reason(await token({ role: 'anon', exp }, { alg: 'HS256' })), ':error_generating_signer');
    assert.equal(await reason(await token({ role: 'anon', exp }, undefined, new TextEncoder().encode('another-secret-of-at-least-32-characters!'))), ':signature_error');
    assert.equal(await reason('not-a-jwt'), ':expected_claims_map');
    assert.equal(await reason(undefined), ':not_a_string');
  });
});
