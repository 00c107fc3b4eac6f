/**
 * `migration repair` asks the migration-history machine before it writes: recording an applied
 * version again is refused with the machine's reason on one line and nothing written (the table
 * and the journal keep one insert), while reverting a version without a row succeeds doing
 * nothing, as the original's DELETE does. The built CLI against a scratch PostgreSQL (--db-url).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startScratchCluster, type ScratchCluster } from '../../tasks/native/scratch-cluster.js';
import { cliProject, databaseState, type CliProject } from '../integration/support/cli-project.js';

describe('migration repair refused by its machine', function () {
  this.timeout(180_000);
  let project: CliProject;
  let cluster: ScratchCluster;
  const repair = (status: string, ...versions: string[]) => project.run(['migration', 'repair', '--status', status, ...versions, '--db-url', cluster.url]);
  /** How many events of a type the journal holds on the migration history streams. */
  const marks = (type: string) =>
    readFileSync(path.join(project.root, 'supabase', '.temp', 'events.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { stream: string; type: string })
      .filter((event) => event.stream.startsWith('migrations:') && event.type === type).length;

  before(async () => {
    [project, cluster] = await Promise.all([cliProject('repair-refusal'), startScratchCluster()]);
  });
  after(async () => {
    project?.dispose();
    await cluster?.discard();
  });

  it('records a version once; applying it again is the machine\'s one-line refusal and writes nothing', async () => {
    const first = repair('applied', '20240101000000');
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual((await databaseState(cluster.url)).history, ['20240101000000']);

    // The second version is new, but the command is refused as a whole before the table changes.
    const again = repair('applied', '20240102000000', '20240101000000');
    assert.equal(again.code, 1, again.stderr);
    assert.match(
      again.stderr,
      /^cannot repair migration 20240101000000 as applied: it is already in the history table; to record it again, repair it with --status reverted first$/m,
    );
    assert.doesNotMatch(again.stderr, /duplicate key|unexpected error|crash report/);
    assert.equal(again.stdout, '');
    assert.deepEqual((await databaseState(cluster.url)).history, ['20240101000000']);
    assert.equal(marks('MARK_APPLIED'), 1);
    assert.equal(marks('FAILED'), 0);
  });

  it('reverting a version without a row succeeds and changes nothing, as the original\'s DELETE does', async () => {
    const revert = repair('reverted', '20240102000000');
    assert.equal(revert.code, 0, revert.stderr);
    assert.match(revert.stderr, /Repaired migration history: \[20240102000000\] => reverted/);
    assert.deepEqual((await databaseState(cluster.url)).history, ['20240101000000']);
    assert.equal(marks('ROW_DELETED'), 0);
  });
});
