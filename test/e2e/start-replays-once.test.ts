/**
 * `start` reads its journal once and reconciles it once: the fold it replays under the project's
 * lock serves every question the command asks (which runtime, whether the stack runs, what the
 * machine accepts, what to print), instead of a replay and a check for unfinished work before the
 * lock, another under it and more after. Counted from the `--debug` lines each replay and each
 * reconcile writes, on the native runtime: a first start, a start that finds the stack running,
 * stop, `db start` after it, and a start after the database was stopped outside the tool (recorded as
 * LOST inside the start's operation, then cleaned up and started again).
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';

/** How many replays and reconciles a run's --debug output tells of. */
function counted(stderr: string): { replays: number; reconciles: number } {
  const lines = stderr.split('\n');
  return {
    replays: lines.filter((line) => line.includes('journal: replayed ')).length,
    reconciles: lines.filter((line) => line.includes('reconcile: ')).length,
  };
}

describe('start replays the journal once and reconciles once', function () {
  this.timeout(180_000);
  let project: CliProject;

  before(async () => {
    project = await cliProject('replays-once');
  });
  after(() => project?.dispose());

  it('a first start, a start on the running stack, stop, and db start after it', () => {
    const first = project.run(['start', '--debug']);
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(counted(first.stderr), { replays: 1, reconciles: 1 }, first.stderr);

    const again = project.run(['start', '--debug']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /supabase start is already running\./);
    assert.deepEqual(counted(again.stderr), { replays: 1, reconciles: 1 }, again.stderr);

    const stopped = project.run(['stop', '--debug']);
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.deepEqual(counted(stopped.stderr), { replays: 1, reconciles: 1 }, stopped.stderr);
    const database = project.run(['db', 'start', '--debug']);
    assert.equal(database.code, 0, database.stderr);
    assert.deepEqual(counted(database.stderr), { replays: 1, reconciles: 1 }, database.stderr);
  });

  it('a start after the database was stopped outside: LOST recorded, cleaned up, started again', async () => {
    assert.equal(project.run(['start']).code, 0);
    // The server's pid, from postmaster.pid in the project's cluster under the native home.
    const cluster = path.join(project.env.SUPABASE_NATIVE_HOME!, path.basename(project.root));
    const pidFile = readdirSync(cluster, { recursive: true, encoding: 'utf8' }).find((file) => path.basename(file) === 'postmaster.pid');
    assert.ok(pidFile, `no postmaster.pid under ${cluster}`);
    // A fast shutdown, as `pg_ctl stop` does it: the server is gone and its lock file with it.
    process.kill(Number(readFileSync(path.join(cluster, pidFile), 'utf8').split('\n', 1)[0]), 'SIGINT');
    for (const deadline = Date.now() + 10_000; project.run(['status']).code === 0; ) {
      assert.ok(Date.now() < deadline, 'the stopped database still answers');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const started = project.run(['start', '--debug']);
    assert.equal(started.code, 0, started.stderr);
    assert.deepEqual(counted(started.stderr), { replays: 1, reconciles: 1 }, started.stderr);
    const events = JSON.parse(project.run(['events', '-o', 'json']).stdout) as Array<{ stream: string; type: string }>;
    const stack = events.filter((event) => event.stream === 'stack').map((event) => event.type);
    const lost = stack.lastIndexOf('LOST');
    assert.ok(lost >= 0, stack.join(' '));
    assert.deepEqual(stack.slice(lost).filter((type) => !type.startsWith('SERVICE_') && !type.startsWith('MIGRATION_')), ['LOST', 'STOP', 'STOPPED', 'START', 'STARTED']);
    assert.equal(project.run(['status']).code, 0);
  });
});
