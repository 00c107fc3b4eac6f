/**
 * A native start launches the API gateway before the database server, through the built CLI. The
 * gateway is the longest way to a started stack (Node's start, its bundle, its routes: some 300 ms
 * on a loaded machine, against 60-80 ms for the server to accept connections), and each Node
 * process spawned holds the CLI's thread 10-20 ms: spawned after the server and two other services,
 * it came ready 60-90 ms later than it could. The order is read from the kernel's start times of
 * the two processes (clock ticks since boot), on a start that keeps its data, as the budget's is.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { gatewayStatus } from '../../tasks/api/gateway/gateway-process.js';
import { clusterPaths } from '../../tasks/native/native-paths.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';

/** When the process began, in clock ticks since boot (field 22 of /proc/<pid>/stat). */
function startTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which may itself hold spaces: state is field 3.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3]);
}

describe('a native start launches the gateway before the database server', function () {
  this.timeout(180_000);
  let project: CliProject;
  let projectId: string;

  before(async () => {
    project = await cliProject('gateway-launch-order');
    projectId = (parseToml(readFileSync(path.join(project.root, 'supabase', 'config.toml'), 'utf8')) as { project_id: string }).project_id;
    for (const args of [['start'], ['stop']]) {
      const run = project.run(args);
      assert.equal(run.code, 0, run.stderr);
    }
  });
  after(() => project?.dispose());

  it('spawns the gateway first on a start that keeps its data', async () => {
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    const gateway = await gatewayStatus(projectId, project.env);
    assert.equal(gateway.state, 'running');
    const postmaster = Number(readFileSync(path.join(clusterPaths(projectId, project.env).dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const [gatewayBegan, serverBegan] = [startTicks(gateway.pid!), startTicks(postmaster)];
    assert.ok(gatewayBegan <= serverBegan, `the gateway began at tick ${gatewayBegan}, the server at ${serverBegan}`);
  });
});
