/**
 * The migration-history machine owns the repair rule: which versions `--status applied|reverted`
 * may change, what each accepted mark makes the history table do (its in-flight state's task) and
 * which event settles it. The repair task only follows these answers, so they are checked here
 * through the journal's own fold, as the task reads them.
 */
import assert from 'node:assert/strict';
import { foldEvents } from '../../machines/journal/fold.js';
import { accepts, refusalOf, viewOf } from '../../machines/journal/state-view.js';
import { REPAIR_EVENT, ROW_OUTCOME } from '../../machines/migration-history.machine.js';

const STREAM = 'migrations:local';
const VERSION = '20240101000000';

/** The view of VERSION after it was observed with these facts and then sent `events`. */
function after(local: boolean, remote: boolean, ...events: string[]) {
  const all = [{ type: 'OBSERVED', data: { version: VERSION, local, remote } }, ...events.map((type) => ({ type, data: { version: VERSION } }))];
  return viewOf(foldEvents(all.map((event, index) => ({ seq: index + 1, stream: STREAM, ...event }))), STREAM, VERSION);
}

describe('migration-history machine: the repair rule', () => {
  it('refuses to apply a version already in the history table, saying how to record it again', () => {
    const view = after(true, true);
    assert.equal(accepts(view, { type: REPAIR_EVENT.applied }), false);
    assert.equal(refusalOf(view, REPAIR_EVENT.applied), 'it is already in the history table; to record it again, repair it with --status reverted first');
  });

  it('applied inserts the row and reverted deletes it, each settled by its own event', () => {
    const inserting = after(true, false, REPAIR_EVENT.applied);
    assert.equal(inserting.meta.task, 'migration.insert-row');
    assert.equal(after(true, false, REPAIR_EVENT.applied, ROW_OUTCOME['migration.insert-row']).snapshot.value, 'both');
    const deleting = after(true, true, REPAIR_EVENT.reverted);
    assert.equal(deleting.meta.task, 'migration.delete-row');
    assert.equal(after(true, true, REPAIR_EVENT.reverted, ROW_OUTCOME['migration.delete-row']).snapshot.value, 'localOnly');
  });

  it('accepts reverting a version without a row and asks for nothing, as the original\'s DELETE matches nothing', () => {
    for (const local of [true, false]) {
      const view = after(local, false);
      assert.equal(accepts(view, { type: REPAIR_EVENT.reverted }), true);
      const reverted = after(local, false, REPAIR_EVENT.reverted);
      assert.equal(reverted.meta.task, undefined);
      assert.equal(reverted.snapshot.value, local ? 'localOnly' : 'absent');
    }
  });
});
