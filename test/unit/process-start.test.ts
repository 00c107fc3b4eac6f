/** A process's start time from /proc: what tells a session's owner from a later process with its pid. */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { processStartTime } from '../../tasks/native/process-start.js';

describe('process start time', function () {
  if (process.platform !== 'linux') return;

  it('is when the process started, to well within a second', async () => {
    const before = Date.now();
    const child = spawn('sleep', ['10'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      const started = processStartTime(child.pid!);
      assert.ok(started, 'no start time for a running process');
      assert.ok(Math.abs(started.getTime() - before) < 500, `${started.toISOString()} is not about ${new Date(before).toISOString()}`);
      assert.ok(processStartTime(process.pid)!.getTime() <= started.getTime());
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('is unknown for a process that is gone', () => {
    assert.equal(processStartTime(spawnSync(process.execPath, ['-e', '0']).pid!), undefined);
  });
});
