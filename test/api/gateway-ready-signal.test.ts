/**
 * The gateway tells the CLI that launched it when it listens (native/ready-signal.ts), through the
 * built CLI: a start takes it at its word and sends no probe to its health path, where it used to
 * probe every 20 ms while the gateway loaded (a dozen refused connections on a loaded machine, and
 * up to 20 ms before an answering gateway was seen) and then once after the word. The word is
 * true: the gateway answers the moment start returns. A gateway killed and started again by
 * `start` says so too.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { GATEWAY_HEALTH_PATH } from '../../tasks/api/gateway/gateway-health.js';
import { gatewayStatus } from '../../tasks/api/gateway/gateway-process.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';
import { cliRequests, type CliRequests } from '../helpers/cli-requests.js';

describe('the gateway says when it listens', function () {
  this.timeout(180_000);
  let project: CliProject;
  let config: { project_id: string; api: { port: number } };
  let requests: CliRequests;
  let health: string;
  const probes = () => requests.urls().filter((url) => url === health).length;

  before(async () => {
    project = await cliProject('gateway-ready-signal');
    config = parseToml(readFileSync(path.join(project.root, 'supabase', 'config.toml'), 'utf8')) as unknown as typeof config;
    requests = cliRequests(project.root);
    health = `http://127.0.0.1:${config.api.port}${GATEWAY_HEALTH_PATH}`;
    // The first start makes the database; the one measured keeps it, as the budget's does.
    for (const args of [['start'], ['stop']]) {
      const run = project.run(args);
      assert.equal(run.code, 0, run.stderr);
    }
  });
  after(() => project?.dispose());

  /**
   * The gateway's health status, asked right after start returned, on a connection of its own (a
   * kept-alive one would still lead to the gateway the second test kills).
   */
  const answers = () =>
    new Promise<number | undefined>((resolve, reject) => {
      get(health, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on('error', reject);
    });

  it('start takes its word that it listens, and it answers', async () => {
    const started = project.run(['start'], requests.env);
    assert.equal(started.code, 0, started.stderr);
    assert.equal(probes(), 0, requests.urls().join('\n'));
    assert.equal(await answers(), 200);
  });

  it('start takes the word of a gateway it starts again as well', async () => {
    const { pid } = await gatewayStatus(config.project_id, project.env);
    process.kill(pid!, 'SIGKILL');
    const before = probes();
    const again = project.run(['start'], requests.env);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /Started again what had exited: .*kong/);
    assert.equal(probes() - before, 0, requests.urls().join('\n'));
    assert.equal(await answers(), 200);
    assert.equal((await gatewayStatus(config.project_id, project.env)).state, 'running');
  });
});
