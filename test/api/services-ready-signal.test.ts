/**
 * The services `start` waits for tell the CLI that launched them when they listen
 * (native/ready-signal.ts): the gateway, the local platform API (Studio's port) and the mail
 * catcher. Checked through the built CLI: a start takes each at its word and sends no probe to its
 * health path, where it used to probe every 20 ms while each loaded (refused connections, each
 * with its error and stack trace, on the CLI's thread while it spawns the rest, and up to 20 ms
 * before an answering service was seen) and then once after the word. The word is true: each
 * answers the moment start returns. Services killed and started again by `start` say so too.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { GATEWAY_HEALTH_PATH } from '../../tasks/api/gateway/gateway-health.js';
import { gatewayStatus } from '../../tasks/api/gateway/gateway-process.js';
import { platformApiStatus } from '../../tasks/local-platform-api/platform-process.js';
import { mailCatcherStatus } from '../../tasks/mail-catcher/mail-process.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';
import { cliRequests, type CliRequests } from '../helpers/cli-requests.js';

describe('the services start waits for say when they listen', function () {
  this.timeout(180_000);
  let project: CliProject;
  let config: { project_id: string; api: { port: number }; studio: { port: number }; inbucket: { port: number } };
  let requests: CliRequests;
  let healthPaths: string[];
  const probes = () => requests.urls().filter((url) => healthPaths.includes(url)).length;

  before(async () => {
    project = await cliProject('services-ready-signal');
    config = parseToml(readFileSync(path.join(project.root, 'supabase', 'config.toml'), 'utf8')) as unknown as typeof config;
    requests = cliRequests(project.root);
    healthPaths = [
      `http://127.0.0.1:${config.api.port}${GATEWAY_HEALTH_PATH}`,
      `http://127.0.0.1:${config.studio.port}/health`,
      `http://127.0.0.1:${config.inbucket.port}/health`,
    ];
    // The first start makes the database; the one measured keeps it, as the budget's does.
    for (const args of [['start'], ['stop']]) {
      const run = project.run(args);
      assert.equal(run.code, 0, run.stderr);
    }
  });
  after(() => project?.dispose());

  /**
   * Each health status, asked right after start returned, on a connection of its own (a kept-alive
   * one would still lead to a process the second test kills).
   */
  const answers = () =>
    Promise.all(
      healthPaths.map(
        (url) =>
          new Promise<number | undefined>((resolve, reject) => {
            get(url, { agent: false }, (response) => {
              response.resume();
              resolve(response.statusCode);
            }).on('error', reject);
          }),
      ),
    );

  it('start takes their word that they listen, and they answer', async () => {
    const started = project.run(['start'], requests.env);
    assert.equal(started.code, 0, started.stderr);
    assert.equal(probes(), 0, requests.urls().join('\n'));
    assert.deepEqual(await answers(), [200, 200, 200]);
  });

  it('start takes the word of the services it starts again as well', async () => {
    const statuses = [gatewayStatus, platformApiStatus, mailCatcherStatus];
    for (const status of statuses) process.kill((await status(config.project_id, project.env)).pid!, 'SIGKILL');
    const before = probes();
    const again = project.run(['start'], requests.env);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /Started again what had exited: .*kong/);
    assert.equal(probes() - before, 0, requests.urls().join('\n'));
    assert.deepEqual(await answers(), [200, 200, 200]);
    for (const status of statuses) assert.equal((await status(config.project_id, project.env)).state, 'running');
  });
});
