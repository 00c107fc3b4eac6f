import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

describe('--dns-resolver https', () => {
  const questions: string[] = [];
  const doh = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    questions.push(`${url.searchParams.get('name')} ${url.searchParams.get('type')} ${request.headers.accept}`);
    const answer = url.searchParams.get('name') === 'api.example.test' && url.searchParams.get('type') === 'A'
      ? [{ name: 'api.example.test', type: 1, TTL: 60, data: '127.0.0.1' }]
      : [];
    response.setHeader('content-type', 'application/dns-json');
    response.end(JSON.stringify({ Status: 0, Answer: answer }));
  });
  const app = createServer((_request, response) => response.end('resolved through DoH'));
  let dohPort = 0;
  let appPort = 0;

  before(async () => {
    dohPort = await listen(doh);
    appPort = await listen(app);
  });
  after(() => {
    doh.close();
    app.close();
  });

  it('resolves every outbound request of the process through the DoH endpoint', async () => {
    const script = fileURLToPath(new URL('../helpers/doh-fetch.ts', import.meta.url));
    // Asynchronous on purpose: the DoH server lives in this process and must keep answering.
    const result = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, `http://127.0.0.1:${dohPort}/dns-query`, `http://api.example.test:${appPort}/`], {
      encoding: 'utf8',
    });
    assert.equal(result.stderr, '');
    assert.equal(result.stdout, 'resolved through DoH');
    assert.ok(questions.includes('api.example.test A application/dns-json'), questions.join('\n'));
  });
});
