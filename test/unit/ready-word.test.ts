/**
 * The launcher's side of a service's ready word (native/ready-signal.ts), with real processes: a
 * process that says it listens is taken at its word, never probed; one that exits without a word
 * is reported with its exit code and log, not probed until the timeout; one whose word never comes
 * is probed as any service is, until it answers.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnService, untilAnswering, type LaunchSpec, type ServiceFiles, type ServiceKind } from '../../tasks/native/supervised-process.js';

describe('a service taken at its ready word', function () {
  this.timeout(30_000);
  let dir: string;
  let files: ServiceFiles;
  let probes = 0;
  let answering = false;
  const kind: ServiceKind = {
    title: 'the test service',
    marker: 'ready-word-service',
    answers: async () => {
      probes += 1;
      return answering;
    },
  };
  /** Launches `source` as a service with a ready pipe at fd 3, and waits as start does. */
  const launch = async (source: string, timeoutMs = 10_000) => {
    const script = path.join(dir, 'ready-word-service.cjs');
    await writeFile(script, source);
    const spec: LaunchSpec = { args: [script], env: { PATH: process.env.PATH }, url: 'http://127.0.0.1:9', ports: [], timeoutMs, readySignal: true };
    return untilAnswering(files, kind, await spawnService(files, kind, spec));
  };

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ready-word-'));
    files = { root: dir, pidFile: path.join(dir, 'service.pid.json'), logFile: path.join(dir, 'service.log') };
    probes = 0;
    answering = false;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('takes a process that said it listens at its word, with no probe', async () => {
    await launch(`require('node:fs').writeSync(3, '\\n'); setTimeout(() => undefined, 2000);`);
    assert.equal(probes, 0);
  });

  it('reports a process that exited without a word, with its code and log, at once', async () => {
    const began = Date.now();
    await assert.rejects(launch(`console.error('cannot load the schema'); process.exit(3);`), (error: Error & { suggestion?: string }) => {
      assert.match(error.message, /failed to start the test service: it exited with code 3/);
      assert.match(String(error.suggestion), /cannot load the schema/);
      return true;
    });
    assert.ok(Date.now() - began < 5_000, 'waited for the timeout');
  });

  it('probes a process that closed its pipe without a word until it answers', async () => {
    // A build older than the word: the pipe closes (here by the process itself), and it answers later.
    setTimeout(() => (answering = true), 300);
    await launch(`require('node:fs').closeSync(3); setTimeout(() => undefined, 3000);`);
    assert.ok(probes >= 1);
  });
});
