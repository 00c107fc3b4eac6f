/**
 * The REST service's JWT check, as PostgREST v12.0.1 answers it: no token is anon, a good token's
 * role claim is the role (claims passed on with the role set), and a bad token is a 401 PGRST301
 * with hs-jose's words and the WWW-Authenticate header PostgREST sends.
 */
import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import { ApiError } from '../../tasks/api/common/api-error.js';
import { authenticate, bearerToken, jwtSecretKey } from '../../tasks/api/common/jwt.js';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const key = jwtSecretKey(SECRET);
const sign = (claims: Record<string, unknown>, secret = key, expiresIn: number | string = '1h') =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime(expiresIn).sign(secret);

async function refused(authorization: string, message: string): Promise<void> {
  await assert.rejects(authenticate(authorization, key), (error: unknown) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 401);
    assert.deepEqual(error.body, { code: 'PGRST301', message, details: null, hint: null });
    assert.equal(error.headers['WWW-Authenticate'], `Bearer error="invalid_token", error_description="${message}"`);
    return true;
  });
}

describe('REST JWT check', () => {
  it('takes no token, or a header that is not a bearer token, as anon', async () => {
    assert.deepEqual(await authenticate(undefined, key), { role: 'anon', claims: { role: 'anon' }, authenticated: false });
    assert.equal((await authenticate('Basic abc', key)).role, 'anon');
    assert.equal(bearerToken('bearer  abc '), 'abc');
  });

  it("runs a valid token as its role claim, claims and all", async () => {
    const user = await authenticate(`Bearer ${await sign({ sub: 'u-1', role: 'authenticated', email: 'a@b.c' })}`, key);
    assert.equal(user.role, 'authenticated');
    assert.equal(user.authenticated, true);
    assert.deepEqual([user.claims.sub, user.claims.email, user.claims.role], ['u-1', 'a@b.c', 'authenticated']);
    const anon = await authenticate(`Bearer ${await sign({ role: 'anon' })}`, key);
    assert.equal(anon.authenticated, false);
    assert.equal((await authenticate(`Bearer ${await sign({ sub: 'x' })}`, key)).role, 'anon');
  });

  it('refuses expired, forged and malformed tokens with PostgREST 401s', async () => {
    await refused(`Bearer ${await sign({ role: 'authenticated' }, key, Math.floor(Date.now() / 1000) - 120)}`, 'JWT expired');
    await refused(`Bearer ${await sign({ role: 'service_role' }, jwtSecretKey('another-secret-of-at-least-thirty-two-chars'))}`, 'JWSError JWSInvalidSignature');
    await refused('Bearer not-a-token', 'JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)');
  });

  it('allows 30 seconds of clock skew on exp, as PostgREST does', async () => {
    const lately = await sign({ role: 'authenticated' }, key, Math.floor(Date.now() / 1000) - 10);
    assert.equal((await authenticate(`Bearer ${lately}`, key)).role, 'authenticated');
  });

  it('refuses a token once it expires, though it was accepted (and remembered) before', async () => {
    // Inside the skew for this second only: exp is 29 s ago.
    const exp = Math.floor(Date.now() / 1000) - 29;
    const token = `Bearer ${await sign({ role: 'authenticated' }, key, exp)}`;
    assert.equal((await authenticate(token, key)).role, 'authenticated');
    while (Math.floor(Date.now() / 1000) - 30 < exp) await new Promise((resolve) => setTimeout(resolve, 50));
    await refused(token, 'JWT expired');
    // A token remembered for one secret is not taken for another.
    const current = `Bearer ${await sign({ role: 'authenticated' })}`;
    assert.equal((await authenticate(current, key)).role, 'authenticated');
    await assert.rejects(authenticate(current, jwtSecretKey('another-secret-of-at-least-thirty-two-chars')), /JWSInvalidSignature/);
  });
});
