import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

const decode = (part) => JSON.parse(Buffer.from(part, 'base64url').toString());
const chunksOf = (page, name) => page.jsRequests.filter((path) => path.includes(`/helper-${name}-`));

// Which page uses which helper, and a page that uses none.
const HELPERS = [
  { chunk: 'jwt-generator', path: '/guides/auth/jwts' },
  { chunk: 'apple-secret-generator', path: '/guides/auth/social-login/auth-apple' },
  { chunk: 'extensions', path: '/guides/database/extensions' },
  { chunk: 'realtime-limits', path: '/guides/realtime/quotas' },
  { chunk: 'log-schemas', path: '/guides/platform/logs' },
];

describe('lazily loaded helpers', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  it('load each helper chunk only on the page that uses it', async () => {
    const plain = await site.newPage();
    await visit(plain, site.baseUrl, '/guides/storage');
    for (const { chunk, path } of HELPERS) {
      assert.deepEqual(chunksOf(plain, chunk), [], `${chunk} not loaded on /guides/storage`);
      const page = await site.newPage();
      await visit(page, site.baseUrl, path);
      await page.waitForSelector(`.helper[data-helper]`);
      assert.ok(chunksOf(page, chunk).length > 0, `${chunk} loaded on ${path}`);
      for (const other of HELPERS.filter((h) => h.chunk !== chunk && h.path !== path)) {
        assert.deepEqual(chunksOf(page, other.chunk), [], `${other.chunk} not loaded on ${path}`);
      }
      await page.context().close();
    }
  });

  it('JWT generator: the HS256 token verifies with the shown secret', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/auth/jwts');
    const secret = await page.inputValue('input[name="jwt-secret"]');
    assert.match(secret, /^[A-Za-z0-9]{40}$/);
    await page.selectOption('select[name="key-kind"]', 'SERVICE_KEY');
    await page.click('text=Generate JWT');
    const token = await page.textContent('[data-testid="jwt-token"]');
    const [header, payload, signature] = token.split('.');
    assert.deepEqual(decode(header), { alg: 'HS256', typ: 'JWT' });
    assert.equal(decode(payload).role, 'service_role');
    assert.equal(decode(payload).iss, 'supabase');
    assert.equal(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'), signature);
  });

  it('JWT generator: rejects a payload that is not JSON', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/auth/jwts');
    await page.fill('textarea[name="claims"]', '{ role: anon');
    await page.click('text=Generate JWT');
    assert.match(await page.textContent('[role="alert"]'), /^Input must be valid JSON\. Not a valid JSON body/);
  });

  it('Apple secret generator: the ES256 token verifies with the public half of the key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const dir = mkdtempSync(join(tmpdir(), 'apple-key-'));
    const file = join(dir, 'AuthKey_ABCDE12345.p8');
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/auth/social-login/auth-apple');
    await page.fill('input[name="team-id"]', 'TEAM123456');
    await page.fill('input[name="service-id"]', 'com.example.web');
    await page.setInputFiles('input[name="key-file"]', file);
    await page.click('text=Generate Secret Key');
    const token = await page.textContent('[data-testid="apple-secret"]');
    const [header, payload, signature] = token.split('.');
    assert.deepEqual(decode(header), { typ: 'JWT', kid: 'ABCDE12345', alg: 'ES256' });
    const claims = decode(payload);
    assert.equal(claims.iss, 'TEAM123456');
    assert.equal(claims.sub, 'com.example.web');
    assert.equal(claims.aud, 'https://appleid.apple.com');
    assert.equal(claims.exp - claims.iat, 180 * 24 * 3600);
    const ok = verify('sha256', Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    assert.ok(ok, 'signature verifies with the public key');
    assert.match(await page.textContent('.helper-output'), /Valid until:/);
  });

  it('Apple secret generator: says when the file is not a PKCS#8 key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apple-key-'));
    const file = join(dir, 'AuthKey_ABCDE12345.p8');
    writeFileSync(file, 'not a key');
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/auth/social-login/auth-apple');
    await page.fill('input[name="team-id"]', 'TEAM123456');
    await page.fill('input[name="service-id"]', 'com.example.web');
    await page.setInputFiles('input[name="key-file"]', file);
    await page.click('text=Generate Secret Key');
    assert.match(await page.textContent('.admonition[data-type="danger"]'), /Chosen file does not appear to be a PEM encoded PKCS8 private key file\./);
  });

  it('Extensions: lists the catalogue and filters by tag and name', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/database/extensions');
    await page.waitForSelector('.extension-card');
    const all = await page.locator('.extension-card').count();
    assert.equal(all, 68);
    await page.click('.chip:text-is("Geo")');
    const geo = await page.$$eval('.extension-card__tags', (tags) => tags.map((t) => t.textContent));
    assert.ok(geo.length > 0 && geo.length < all && geo.every((t) => t.includes('Geo')));
    await page.click('.chip--reset');
    await page.fill('input[type="search"][placeholder="Extension name"]', 'pg_trgm');
    assert.deepEqual(await page.$$eval('.extension-card', (cards) => cards.map((c) => c.dataset.extension)), ['pg_trgm']);
  });

  it('Realtime limits estimator: shows the measured row for the chosen combination', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/realtime/quotas');
    await page.waitForSelector('[data-testid="db-changes"]');
    assert.equal(await page.textContent('[data-testid="db-changes"]'), '64');
    await page.selectOption('select[name="rls"]', 'yes');
    assert.equal(await page.textContent('[data-testid="db-changes"]'), '30');
    await page.selectOption('select[name="clients"]', '3000');
    assert.equal(await page.textContent('[data-testid="db-changes"]'), '5');
  });

  it('Log schemas: one table per log source', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/platform/logs');
    await page.waitForSelector('.log-schema');
    assert.equal(await page.locator('.log-schema').count(), 9);
    assert.match(await page.textContent('#log-source-edge_logs summary'), /API Edge.*61 fields/);
  });
});
