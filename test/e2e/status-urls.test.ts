/**
 * `start` and `status` on the native runtime name no service that does not answer: every URL they
 * print (in every output format) has a port that accepts a connection (the API and GraphQL URLs
 * only while the gateway serves REST), and a service that goes away drops out of the output.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { portAnswers } from '../../tasks/net/port-answers.js';
import { platformPaths } from '../../tasks/local-platform-api/platform-paths.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';

/** Every URL in a text, with the port it names. */
function urls(text: string): Array<{ url: string; host: string; port: number }> {
  return [...text.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"',]+/gi)].map(([url]) => {
    const parsed = new URL(url);
    return { url, host: parsed.hostname, port: Number(parsed.port) || (parsed.protocol === 'https:' ? 443 : 80) };
  });
}

async function assertAllAnswer(text: string): Promise<void> {
  const found = urls(text);
  assert.ok(found.length > 0, `no URL printed:\n${text}`);
  for (const { url, host, port } of found) assert.ok(await portAnswers(host, port), `${url} is printed but nothing answers on port ${port}`);
}

describe('start and status print no URL whose port does not answer', function () {
  this.timeout(120_000);
  let project: CliProject;

  before(async () => {
    project = await cliProject('status-urls');
  });
  after(() => project?.dispose());

  it('start: the database, the studio port and the API port answer', async () => {
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    await assertAllAnswer(`${started.stdout}\n${started.stderr}`);
    assert.match(started.stdout, /DB URL: postgresql:\/\//);
  });

  for (const format of ['pretty', 'json', 'env', 'toml', 'yaml']) {
    it(`status -o ${format}`, async () => {
      const status = project.run(['status', '-o', format]);
      assert.equal(status.code, 0, status.stderr);
      await assertAllAnswer(`${status.stdout}\n${status.stderr}`);
    });
  }

  it('a service that stopped answering is no longer printed', async () => {
    const record = JSON.parse(readFileSync(platformPaths(path.basename(project.root), project.env).pidFile, 'utf8')) as { pid: number };
    process.kill(record.pid, 'SIGKILL');
    const status = project.run(['status', '-o', 'json']);
    assert.equal(status.code, 0, status.stderr);
    const values = JSON.parse(status.stdout) as Record<string, string>;
    assert.equal(values.STUDIO_URL, undefined, status.stdout);
    assert.match(values.DB_URL ?? '', /^postgresql:\/\//);
    await assertAllAnswer(status.stdout);
  });
});
