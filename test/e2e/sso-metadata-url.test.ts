/**
 * `sso add --metadata-url` checks the address before the platform sees it, as the original does: it fetches
 * the metadata over real HTTPS (a local server with a certificate made by openssl, trusted through
 * NODE_EXTRA_CA_CERTS, so the CLI runs as its own process), asking for XML, and wants a 200 with
 * UTF-8. Needs the built binary (`npm test` builds it) and the openssl command.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { requireCommand } from '../helpers/require-command.js';
import { ManagementHarness, TOKEN } from '../helpers/management-harness.js';
import { runCliAsync } from '../helpers/run-cli.js';

const XML = '<?xml version="1.0"?><EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com"/>';
const SKIP = ' Use --skip-url-validation to suppress this error';


describe('sso add --metadata-url over HTTPS', function () {
  this.timeout(60_000);
  const h = new ManagementHarness();
  const accepts: string[] = [];
  let dir = '';
  let idp: Server | undefined;
  let base = '';

  before(async function () {
    requireCommand(this, 'openssl', ['version'], 'install openssl (.ci/run does)');
    dir = await mkdtemp(path.join(os.tmpdir(), 'sso-tls-'));
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1',
    ], { stdio: 'ignore' });
    idp = createServer({ key: await readFile(path.join(dir, 'key.pem')), cert: await readFile(path.join(dir, 'cert.pem')) }, (request, response) => {
      accepts.push(String(request.headers.accept));
      if (request.url === '/metadata') response.writeHead(200, { 'content-type': 'application/xml' }).end(XML);
      else if (request.url === '/latin1') response.writeHead(200).end(Buffer.from([0x3c, 0x61, 0xe9, 0x3e]));
      else response.writeHead(404).end('no such metadata');
    });
    await new Promise<void>((resolve) => idp!.listen(0, '127.0.0.1', resolve));
    base = `https://127.0.0.1:${(idp.address() as AddressInfo).port}`;
    await h.start();
  });
  after(async () => {
    idp?.closeAllConnections();
    await new Promise((resolve) => (idp ? idp.close(resolve) : resolve(undefined)));
    await h.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const add = (url: string) =>
    runCliAsync(['sso', 'add', '-t', 'saml', '--metadata-url', url], {
      cwd: h.project,
      env: { SUPABASE_INTERNAL_API_HOST: h.host, SUPABASE_ACCESS_TOKEN: TOKEN, HOME: h.project, NODE_EXTRA_CA_CERTS: path.join(dir, 'cert.pem') },
    });

  it('fetches the metadata as XML, then sends only the address', async () => {
    h.answer('createProviderForProject', { status: 201, body: { id: '6df4d73f-bf21-405f-a084-b11adf19fea5', saml: { id: 's', entity_id: 'https://idp.example.com', metadata_url: `${base}/metadata` } } });
    const result = await add(`${base}/metadata`);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(accepts, ['application/xml']);
    assert.deepEqual(h.api.calls('createProviderForProject').at(-1)?.body, { type: 'saml', metadata_url: `${base}/metadata` });
    assert.match(result.stdout, /SAML 2\.0 METADATA +\| https:\/\/127\.0\.0\.1:\d+\/metadata/);
    assert.deepEqual(h.api.violations, []);
  });

  it('refuses an address that does not answer 200, or answers with something other than UTF-8', async () => {
    const requestsBefore = h.api.requests.length;
    const missing = await add(`${base}/gone`);
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr.split('\n')[0], `received HTTP 404 Not Found when fetching metatada at "${base}/gone"${SKIP}`);
    const latin1 = await add(`${base}/latin1`);
    assert.equal(latin1.code, 1);
    assert.equal(latin1.stderr.split('\n')[0], `SAML Metadata XML at "${base}/latin1" is not UTF-8 encoded${SKIP}`);
    assert.equal(h.api.requests.length, requestsBefore);
  });
});
