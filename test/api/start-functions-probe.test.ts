/**
 * What `start` and `status` ask to know whether `functions serve` runs, on the native stack with its
 * gateway, through the built CLI. Behind the gateway functions serve is reached only through the
 * record it writes (functions-upstream.ts): without one, a start asks nothing of the API port (it
 * used to fetch the functions health path through the gateway, a 503, loading fetch for it: some
 * 30-50 ms of every start); with a live one, status still asks, and shows the Functions URL.
 * The CLI's requests are seen from inside it (helpers/cli-requests.ts).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { functionsRecordFile } from '../../tasks/api/gateway/functions-upstream.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';
import { cliRequests, type CliRequests } from '../helpers/cli-requests.js';

describe('start and status ask functions serve only through its record', function () {
  this.timeout(180_000);
  let project: CliProject;
  let config: { project_id: string; api: { port: number } };
  let requests: CliRequests;

  before(async () => {
    project = await cliProject('start-functions-probe');
    config = parseToml(readFileSync(path.join(project.root, 'supabase', 'config.toml'), 'utf8')) as unknown as typeof config;
    requests = cliRequests(project.root);
  });
  after(() => project?.dispose());

  it('start asks nothing of functions serve when it has no record', () => {
    const started = project.run(['start'], requests.env);
    assert.equal(started.code, 0, started.stderr);
    assert.deepEqual(requests.urls().filter((url) => url.includes('/functions/v1')), []);
    assert.doesNotMatch(started.stdout, /Functions URL/);
  });

  it('status asks through the gateway when a live record is there, and shows the Functions URL', async () => {
    // A stand-in for functions serve: this process, recorded as it records itself.
    const router = http.createServer((request, response) => {
      response.writeHead(request.url === '/functions/v1/_internal/health' ? 200 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'ok' }));
    });
    await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
    const record = functionsRecordFile(config.project_id, project.env);
    writeFileSync(record, `${JSON.stringify({ pid: process.pid, url: `http://127.0.0.1:${(router.address() as { port: number }).port}` })}\n`);
    try {
      // Run without blocking this process, which answers for the stand-in.
      const child = project.spawn(['status', '-o', 'env'], requests.env);
      const status = { stdout: '', stderr: '' };
      child.stdout!.on('data', (chunk: Buffer) => (status.stdout += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (status.stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      assert.equal(code, 0, status.stderr);
      assert.match(status.stdout, new RegExp(`^FUNCTIONS_URL="http://127\\.0\\.0\\.1:${config.api.port}/functions/v1"$`, 'm'));
      assert.ok(requests.urls().includes(`http://127.0.0.1:${config.api.port}/functions/v1/_internal/health`), requests.urls().join('\n'));
    } finally {
      rmSync(record, { force: true });
      router.close();
    }
  });
});
