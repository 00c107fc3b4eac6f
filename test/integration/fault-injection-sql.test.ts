/**
 * kill -9 while a SQL statement runs, in every step of the commands that change a database (db
 * reset, start, migration up, db push, migration squash, test db), on an idle machine and on one
 * whose cores are all busy. The command is paused at its N-th step boundary
 * (SUPABASE_INTERNAL_FAULT=pause-after:N, tasks/orchestration/fault-hook.ts), let go, and killed
 * as soon as one of its sessions (application_name supabase_cli/<its pid>) is seen running a
 * statement. That backend is first held with SIGSTOP, and let go only once the user's next
 * command is under way: a killed client's backend runs on until it next talks to the client, so
 * the next command meets a statement still running (a CREATE DATABASE still holding its name, a
 * migration still holding its locks) every time rather than by chance. The checks after each kill
 * are the other fault suite's (support/fault-scenarios.ts). The tally is printed at the end.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { cliProject, type CliProject, type CliRun } from './support/cli-project.js';
import { cpuLoad, type CpuLoad } from './support/cpu-load.js';
import { recover, scenarios, tallyReport, type Scenario, type Tally } from './support/fault-scenarios.js';
import { tempDir } from './support/temp-project.js';

/** The commands covered, as their arguments. */
const COVERED = ['db reset', 'start', 'migration up', 'db push --local', 'migration squash --local', 'test db'];
/** How long the orphan backend stays held once the next command has begun. */
const HOLD_MS = 700;

interface Caught {
  /** The step the command was in (the last one it began). */
  step: string;
  /** How many steps it began between the pause and the kill: none ran a statement the watcher saw. */
  passed: number;
  /** The start of the statement it was running. */
  query: string;
  backend: number;
}

/** Sends a signal to a process that may be gone already. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Gone already.
  }
}

/** Runs `supabase <args>` in the background to its end, so the test can act meanwhile. */
function runInBackground(project: CliProject, args: string[], extra: NodeJS.ProcessEnv = {}): { pid: number; done: Promise<CliRun> } {
  const child = project.spawn(args, extra);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
  child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const done = new Promise<CliRun>((resolve) => child.once('close', (code, sig) => resolve({ code, signal: sig, stdout, stderr })));
  return { pid: child.pid!, done };
}

/** The steps the journal shows begun, in order (every command's: the count is what tells runs apart). */
function begunSteps(project: CliProject): string[] {
  const steps: string[] = [];
  for (const line of readFileSync(path.join(project.root, 'supabase', '.temp', 'events.jsonl'), 'utf8').split('\n')) {
    if (!line.includes('"STEP_BEGUN"')) continue;
    try {
      const event = JSON.parse(line) as { type?: string; data?: { step?: string } };
      if (event.type === 'STEP_BEGUN' && event.data?.step) steps.push(event.data.step);
    } catch {
      // A torn last line: the kill came in the middle of its append.
    }
  }
  return steps;
}

/** Looks at the server for a statement one of `pid`'s sessions runs; reconnects while the server is down. */
class Watcher {
  private client: pg.Client | undefined;
  constructor(private readonly url: string) {}

  async running(pid: number): Promise<{ backend: number; query: string } | undefined> {
    try {
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 2_000 });
        client.on('error', () => { this.client = undefined; });
        await client.connect();
        this.client = client;
      }
      const rows = await this.client.query<{ pid: number; query: string }>(
        "select pid, query from pg_stat_activity where application_name ~ $1 and state = 'active'",
        [`^supabase_cli(_[a-z]+)?/${pid}$`],
      );
      return rows.rows[0] ? { backend: rows.rows[0].pid, query: rows.rows[0].query } : undefined;
    } catch {
      // The server is down (a start has not launched it yet) or went away: look again shortly.
      await this.close();
      await new Promise((resolve) => setTimeout(resolve, 5));
      return undefined;
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

describe('kill -9 during every SQL step, the backend held: the next command recovers', function () {
  this.timeout(40 * 60_000);
  let project: CliProject;
  let scratch: string;
  let watcher: Watcher;
  const tally: Record<string, Tally> = {};
  const covered = scenarios.filter((scenario) => COVERED.includes(scenario.args.join(' ')));

  before(async () => {
    assert.equal(covered.length, COVERED.length, 'a covered command has no scenario');
    // Migrations and seed that run long enough (0.15 s) for the watcher to see each of them.
    project = await cliProject('faults-sql', 0.15);
    scratch = await tempDir('faults-sql-release');
    // template1: no command drops it, so the watcher is not ended by a reset.
    watcher = new Watcher(project.url.replace(/\/postgres$/, '/template1'));
  });
  after(async () => {
    await watcher?.close();
    project?.dispose();
    console.log(tallyReport('fault injection during SQL (backend held)', tally));
  });

  /**
   * Runs the command paused at its boundary `boundary`, lets it go and kills it during the next
   * statement it runs, that statement's backend held. 'finished' when the command had fewer
   * boundaries; undefined when it ran no statement after that boundary that the watcher saw.
   */
  async function killDuringSql(scenario: Scenario, boundary: number): Promise<Caught | 'finished' | undefined> {
    const release = path.join(scratch, `${scenario.args.join('-')}-${boundary}-${Date.now()}`);
    const command = runInBackground(project, scenario.args, { SUPABASE_INTERNAL_FAULT: `pause-after:${boundary}:${release}` });
    let exited: CliRun | undefined;
    void command.done.then((run) => { exited = run; });
    while (!exited && !existsSync(`${release}.paused`)) await new Promise((resolve) => setTimeout(resolve, 5));
    if (exited) {
      assert.equal(exited.code, 0, `supabase ${scenario.args.join(' ')} (not paused at boundary ${boundary}) failed: ${exited.stderr}`);
      return 'finished';
    }
    const before = begunSteps(project).length;
    writeFileSync(release, '');
    let seen: { backend: number; query: string } | undefined;
    while (!exited && !(seen = await watcher.running(command.pid)));
    if (!seen) {
      assert.equal(exited!.code, 0, `supabase ${scenario.args.join(' ')} failed untouched: ${exited!.stderr}`);
      return undefined;
    }
    signal(seen.backend, 'SIGSTOP');
    signal(command.pid, 'SIGKILL');
    await command.done;
    const begun = begunSteps(project);
    return { step: begun.at(-1) ?? '(none)', passed: begun.length - before, query: seen.query.replace(/\s+/g, ' ').slice(0, 60), backend: seen.backend };
  }

  /** Every boundary of the scenario, each killed during the statement that follows it. */
  async function everySqlStep(scenario: Scenario, mode: string): Promise<void> {
    const steps = new Set<string>();
    for (let boundary = 1, misses = 0; boundary < 80;) {
      await scenario.before(project);
      const caught = await killDuringSql(scenario, boundary);
      if (caught === 'finished') break;
      if (!caught) {
        // Nothing ran after this boundary that the watcher saw (a statement too quick to see, or
        // none): twice in a row, and the rest of the command is taken to run none.
        if (++misses === 2) break;
        boundary += 1;
        continue;
      }
      misses = 0;
      steps.add(caught.step);
      // Each step begins with a boundary of its own: the steps passed through without a statement
      // would be killed in this same statement again, so the next trial starts after it. (A
      // boundary that begins no step, a record, only makes this skip short, never too far.)
      const at = boundary;
      boundary += caught.passed + 1;
      // The next command starts while the orphan is held; it is let go a moment later.
      const next = async (args: string[]): Promise<CliRun> => {
        const run = runInBackground(project, args);
        const timer = setTimeout(() => signal(caught.backend, 'SIGCONT'), HOLD_MS);
        try {
          return await run.done;
        } finally {
          clearTimeout(timer);
          signal(caught.backend, 'SIGCONT');
        }
      };
      await recover(project, tally, scenario, `${mode}, boundary ${at}, in "${caught.step}" running ${caught.query}`, at, next);
    }
    assert.ok(steps.size > 0, `no statement of supabase ${scenario.args.join(' ')} was caught running`);
    console.log(`        killed during: ${[...steps].join('; ')}`);
    const t = tally[scenario.name]!;
    assert.deepEqual(t.failures, [], `${t.failures.length} of ${t.trials} trials did not recover`);
  }

  for (const mode of ['idle', 'loaded']) {
    describe(`on a${mode === 'idle' ? 'n idle' : ' loaded'} machine`, () => {
      let load: CpuLoad | undefined;
      before(() => {
        // Bounded: the spinners end by themselves should the run die before `after`.
        if (mode === 'loaded') load = cpuLoad(30 * 60_000);
      });
      after(() => load?.stop());
      for (const scenario of covered) {
        // A tally line of its own per machine state.
        it(`${scenario.name}: killed during each SQL step`, () => everySqlStep({ ...scenario, name: `${scenario.name}, ${mode}` }, mode));
      }
    });
  }
});
