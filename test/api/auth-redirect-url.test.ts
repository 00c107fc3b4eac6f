/**
 * Where the native Auth lets a flow redirect (GoTrue v2.132.3's IsRedirectURLValid and
 * GetReferrer): the site_url's host, or a match of an additional_redirect_urls entry as a gobwas
 * glob with `.` and `/` as separators, so `*` stays inside one host label or path segment while
 * `**` crosses them; anything else falls back to site_url.
 */
import assert from 'node:assert/strict';
import type { AuthRequest } from '../../tasks/api/auth/auth-request.js';
import type { AuthApiSettings } from '../../tasks/api/auth/auth-settings.js';
import { globRegExp, isRedirectAllowed, referrerOf } from '../../tasks/api/auth/redirect-url.js';

const auth = { siteUrl: 'http://127.0.0.1:3000', uriAllowList: ['https://*.example.org/callback', 'https://app.test/**', 'myapp://{login,signup}/done', 'http://localhost:30?0'] } as AuthApiSettings;

function request(query: string, headers: Record<string, string> = {}): AuthRequest {
  return { method: 'GET', path: '/verify', url: `/verify?${query}`, query: new URLSearchParams(query), headers, body: '', params: {}, remoteAddress: '127.0.0.1' };
}

describe('native Auth redirect URLs', () => {
  it('matches the allow list as gobwas globs with . and / as separators', () => {
    assert.equal(isRedirectAllowed(auth, 'https://a.example.org/callback'), true);
    assert.equal(isRedirectAllowed(auth, 'https://a.b.example.org/callback'), false, '* stays within one label');
    assert.equal(isRedirectAllowed(auth, 'https://app.test/a/b/c?x=1'), true, '** crosses separators');
    assert.equal(isRedirectAllowed(auth, 'myapp://signup/done'), true);
    assert.equal(isRedirectAllowed(auth, 'myapp://other/done'), false);
    assert.equal(isRedirectAllowed(auth, 'http://localhost:3010'), true);
    assert.equal(isRedirectAllowed(auth, 'http://127.0.0.1:9999/anything'), true, 'the site_url host, whatever the port or path');
    assert.equal(isRedirectAllowed(auth, 'https://evil.test/'), false);
    assert.equal(globRegExp('a.[!b]c').test('a.xc'), true);
    assert.equal(globRegExp('a.[!b]c').test('a.bc'), false);
  });

  it('takes redirect_to from a header, then the query, then the Referer, else the site_url', () => {
    assert.equal(referrerOf(request('redirect_to=https%3A%2F%2Fapp.test%2Fhome'), auth), 'https://app.test/home');
    assert.equal(referrerOf(request('redirect_to=https%3A%2F%2Fapp.test%2Fq', { redirect_to: 'https://app.test/h' }), auth), 'https://app.test/h');
    assert.equal(referrerOf(request('redirect_to=https%3A%2F%2Fevil.test', { referer: 'https://app.test/from' }), auth), 'https://app.test/from');
    assert.equal(referrerOf(request('redirect_to=https%3A%2F%2Fevil.test'), auth), 'http://127.0.0.1:3000');
  });
});
