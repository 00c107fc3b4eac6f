/**
 * What `start`, `db start` and the stack session ask the stack machine instead of testing state
 * names themselves: whether a refused START found the stack up (then they succeed, saying it is
 * already running), and what to do after a failed start (the recovery its failed state names).
 */
import assert from 'node:assert/strict';
import { foldEvents } from '../../machines/journal/fold.js';
import { viewOf } from '../../machines/journal/state-view.js';
import { startFoundRunning } from '../../machines/stack.machine.js';

/** The stack's view after these event types. */
function after(...types: string[]) {
  return viewOf(foldEvents(types.map((type, index) => ({ seq: index + 1, stream: 'stack', type, data: type === 'START' ? { runtime: 'native' } : {} }))), 'stack');
}

describe('stack machine: the answers handlers ask for', () => {
  it('a START refused while running (healthy or with health checks ignored) found the stack up', () => {
    assert.equal(startFoundRunning(String(after('START', 'STARTED').snapshot.value)), true);
    assert.equal(startFoundRunning('running.healthCheckIgnored'), true);
    for (const value of ['failed', 'stopped.noData', 'stopped.dataKept', 'starting', 'stopping.containers']) assert.equal(startFoundRunning(value), false, value);
  });

  it('a failed start names a stop that keeps the data as its recovery; a running stack names none', () => {
    assert.deepEqual(after('START', 'START_FAILED').meta.recover, { type: 'STOP', backup: true });
    assert.equal(after('START', 'STARTED').meta.recover, undefined);
  });
});
