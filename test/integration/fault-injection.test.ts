/**
 * kill -9 at every recorded step boundary of every command that changes a project, and at random
 * moments: after each kill, the user's next command must succeed and leave the database matching
 * its migration history (a migration's table exists exactly when its history row does), with
 * nothing left unfinished in the journal. The kill is driven by SUPABASE_INTERNAL_FAULT=kill-after:N
 * (tasks/orchestration/fault-hook.ts), N = 1, 2, ... until the command finishes untouched.
 * Real CLI processes (the build in dist/) on a real native PostgreSQL. The tally is printed at the end.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { cliProject, type CliProject } from './support/cli-project.js';
import { expectComplete, ok, recover, scenarios, tallyReport, type Tally } from './support/fault-scenarios.js';

const tally: Record<string, Tally> = {};

/** A small seeded generator, so a failing random trial can be replayed with the printed seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('kill -9 at every step boundary: the next command recovers', function () {
  this.timeout(20 * 60_000);
  let project: CliProject;
  const seed = Number(process.env.FAULT_SEED ?? Date.now() % 100_000);
  const next = random(seed);

  before(async () => {
    project = await cliProject('faults');
  });
  after(() => {
    project?.dispose();
    console.log(tallyReport(`fault injection (random seed ${seed})`, tally));
  });

  it('a first start killed while its template copy runs leaves no copy that races the next start', async () => {
    ok(project.run(['stop', '--no-backup']), 'stop --no-backup');
    // What a start killed during the copy leaves: a half-copied folder named after the dead
    // command, and its cp still writing there (stood in for by a process naming the folder).
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const cluster = path.join(project.env.SUPABASE_NATIVE_HOME!, path.basename(project.root));
    const copying = path.join(cluster, `data.copying-${dead}-abcdef`);
    mkdirSync(path.join(copying, 'base'), { recursive: true });
    const orphan = spawn('sh', ['-c', 'sleep 60', copying], { stdio: 'ignore' });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => orphan.once('exit', (_code, signal) => resolve(signal)));
    try {
      ok(project.run(['start']), 'start');
      assert.equal(await ended, 'SIGKILL');
      assert.deepEqual(readdirSync(cluster).filter((name) => name.includes('.copying-')), []);
      await expectComplete(project);
    } finally {
      orphan.kill('SIGKILL');
    }
  });

  for (const scenario of scenarios) {
    it(`${scenario.name}: killed at each boundary and at random moments`, async () => {
      let boundary = 1;
      for (; boundary < 80; boundary++) {
        await scenario.before(project);
        const run = project.run(scenario.args, { SUPABASE_INTERNAL_FAULT: `kill-after:${boundary}` });
        if (run.signal !== 'SIGKILL') {
          // Fewer boundaries than N: the command ran to the end, untouched.
          ok(run, `supabase ${scenario.args.join(' ')} (no kill at boundary ${boundary})`);
          break;
        }
        await recover(project, tally, scenario, `killed after boundary ${boundary}`, boundary);
      }
      assert.ok(boundary > 2, 'the command recorded fewer than two boundaries');
      for (let trial = 0; trial < 2; trial++) {
        await scenario.before(project);
        const delay = Math.round(30 + next() * scenario.typicalMs);
        const child = project.spawn(scenario.args);
        const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        await new Promise((resolve) => setTimeout(resolve, delay));
        child.kill('SIGKILL');
        await exit;
        await recover(project, tally, scenario, `killed after ${delay} ms`, trial);
      }
      const t = tally[scenario.name]!;
      assert.deepEqual(t.failures, [], `${t.failures.length} of ${t.trials} trials did not recover`);
    });
  }
});
