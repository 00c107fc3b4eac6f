/** The native functions router's bearer check: the original's answers, and remembered tokens still expire. */
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { BearerCheck } from '../../tasks/functions/native/jwt-check.js';
import { signHs256 } from '../../tasks/keys/jwt.js';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const request = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } }) as IncomingMessage;

describe('functions router: bearer check', () => {
  it('answers as the original router: missing header, wrong scheme, bad signature, good token', async () => {
    const check = new BearerCheck(SECRET);
    assert.equal(await check.problem(request()), 'Error: Missing authorization header');
    assert.equal(await check.problem(request('Basic abc')), "Error: Auth header is not 'Bearer {token}'");
    assert.equal(await check.problem(request(`Bearer ${signHs256({ role: 'anon' }, 'another-secret-of-at-least-thirty-two-chars')}`)), 'Invalid JWT');
    assert.equal(await check.problem(request(`Bearer ${signHs256({ role: 'anon' }, SECRET)}`)), undefined);
  });

  it('a remembered token is refused once it expires', async () => {
    const check = new BearerCheck(SECRET);
    // Two whole seconds ahead: `floor(now) + 1` can be a millisecond away, and expire before the first look.
    const exp = Math.floor(Date.now() / 1000) + 2;
    const token = signHs256({ role: 'anon', exp }, SECRET);
    assert.equal(await check.problem(request(`Bearer ${token}`)), undefined);
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 1_100));
    assert.equal(await check.problem(request(`Bearer ${token}`)), 'Invalid JWT');
  });
});
