/** -j/--jobs: at most N transfers at once, and nothing new starts after a failure. */
import assert from 'node:assert/strict';
import { TaskError } from '../../tasks/task-error.js';
import { runJobs } from '../../tasks/storage/transfer-jobs.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('storage transfer jobs', () => {
  it('runs at most `jobs` items at a time', async () => {
    let running = 0;
    let most = 0;
    await runJobs(Array.from({ length: 12 }, (_, index) => index), 3, async () => {
      running++;
      most = Math.max(most, running);
      await pause(5);
      running--;
    });
    assert.equal(most, 3);
  });

  it('starts nothing after a failure, lets the running ones finish, and reports every failure', async () => {
    const started: number[] = [];
    await assert.rejects(
      runJobs([0, 1, 2, 3, 4, 5], 2, async (item) => {
        started.push(item);
        await pause(item === 0 ? 1 : 20);
        if (item <= 1) throw new TaskError(`item ${item} failed`);
      }),
      { message: 'item 0 failed\nitem 1 failed' },
    );
    assert.deepEqual(started, [0, 1]);
  });

  it('lets a bug through as itself', async () => {
    await assert.rejects(runJobs([1], 1, async () => {
      throw new RangeError('a bug');
    }), RangeError);
  });
});
