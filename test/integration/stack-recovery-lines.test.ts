/**
 * The one line the next command prints about an interrupted start or stop says what happened:
 * a start that died after the stack was running was not rolled back (the stack stays up), and a
 * stop that died before its first step finished nothing (the stack still runs). The journal is
 * written as the dead command left it (its operation begun by a process that is gone), and the
 * real CLI reads it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { cliProject, type CliProject } from './support/cli-project.js';

/** A pid no process has: a child that has exited and been reaped. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('recovery lines of an interrupted start or stop', function () {
  this.timeout(60_000);
  let project: CliProject;

  beforeEach(async () => {
    project = await cliProject('stack-recovery-lines');
  });
  afterEach(() => project?.dispose());

  /** The journal of a stack that runs, and an operation of `command` that a dead process began. */
  function interrupted(command: string, event: string, step?: string): void {
    const id = 'dead-operation';
    JournalStore.forProject(project.root).append([
      { stream: 'stack', type: 'START', data: { runtime: 'native', excluded: [] } },
      { stream: 'stack', type: 'STARTED', data: {} },
      { stream: 'operations', type: 'BEGIN', data: { id, command, kind: 'stack', params: { event: { type: event } }, pid: deadPid() } },
      ...(step ? [{ stream: 'operations', type: 'STEP_BEGUN', data: { id, step } }] : []),
    ]);
  }

  it('a start that died with the stack running is checked, not said to be rolled back', () => {
    interrupted('supabase start', 'START', 'seed');
    const next = project.run(['status']);
    assert.match(next.stderr, /^Checked the supabase start that was interrupted at "seed"; it had started the stack, which runs\.$/m);
    assert.doesNotMatch(next.stderr, /Rolled back/);
  });

  it('a stop that died before its first step says the stack still runs, not that it finished', () => {
    interrupted('supabase stop', 'STOP');
    const next = project.run(['status']);
    assert.match(next.stderr, /^Checked the supabase stop that was interrupted before its first step; it had stopped nothing, and the stack still runs \(run supabase stop to stop it\)\.$/m);
    assert.doesNotMatch(next.stderr, /Finished/);
  });
});
