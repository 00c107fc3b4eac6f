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
    const token = signHs256({ role: 'anon', exp: Math.floor(Date.now() / 1000) + 1 }, SECRET);
    assert.equal(await check.problem(request(`Bearer ${token}`)), undefined);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    assert.equal(await check.problem(request(`Bearer ${token}`)), 'Invalid JWT');
  });
});
