/**
 * `start` reads its journal once and reconciles it once: the fold it replays under the project's
 * lock serves every question the command asks (which runtime, whether the stack runs, what the
 * machine accepts, what to print), instead of a replay and a check for unfinished work before the
 * lock, another under it and more after. Counted from the `--debug` lines each replay and each
 * reconcile writes, on the native runtime: a first start, a start that finds the stack running,
 * and `db start` after a stop.
 */
import assert from 'node:assert/strict';
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

  it('a first start, a start on the running stack, and db start after a stop', () => {
    const first = project.run(['start', '--debug']);
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(counted(first.stderr), { replays: 1, reconciles: 1 }, first.stderr);

    const again = project.run(['start', '--debug']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /supabase start is already running\./);
    assert.deepEqual(counted(again.stderr), { replays: 1, reconciles: 1 }, again.stderr);

    assert.equal(project.run(['stop']).code, 0);
    const database = project.run(['db', 'start', '--debug']);
    assert.equal(database.code, 0, database.stderr);
    assert.deepEqual(counted(database.stderr), { replays: 1, reconciles: 1 }, database.stderr);
  });
});
