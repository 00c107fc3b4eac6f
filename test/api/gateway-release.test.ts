/**
 * The gateway launched beside a starting database waits for the CLI's go-ahead file before its
 * services connect, and gives up when the CLI that launched it is gone without writing it (a start
 * killed at that moment must not leave a gateway waiting forever).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { waitForRelease } from '../../tasks/api/gateway/gateway-release.js';

describe('the gateway waits for its release', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-release-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('resolves once the file is written, not before', async () => {
    const file = path.join(dir, 'release');
    let released = false;
    const waiting = waitForRelease({ file, parentPid: process.pid }).then(() => (released = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(released, false);
    await writeFile(file, '');
    await waiting;
    assert.equal(released, true);
  });

  it('gives up when the launching process has exited without writing it', async () => {
    // A process that has already exited: nothing runs at its pid any more.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const started = Date.now();
    await assert.rejects(waitForRelease({ file: path.join(dir, 'never'), parentPid: Number(gone.stdout) }), /ended before the database was ready/);
    assert.ok(Date.now() - started < 5_000, 'it noticed within seconds');
  });
});
