/**
 * What the fault-injection suites share: the commands they kill (each with the state it starts
 * from, the user's next command and what must hold after it), and the checks after a kill: the
 * next command succeeds, the database matches its migration history (a migration's table exists
 * exactly when its history row does), nothing is left unfinished in the journal or locked, and
 * `status` tells the truth. Outcomes go to a tally, printed at the end of a suite.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FileLock } from '../../../tasks/journal/file-lock.js';
import { isProcessAlive } from '../../../tasks/journal/process-alive.js';
import { portAnswers } from '../../../tasks/net/port-answers.js';
import { MIGRATIONS, databaseState, halfApplied, migrationFiles, unsettled, type CliProject, type CliRun } from './cli-project.js';

export interface Scenario {
  name: string;
  args: string[];
  /** Brings the project to where the command starts from. */
  before: (project: CliProject) => void | Promise<void>;
  /** The user's next command after the kill (by boundary, so both kinds of follow-up get tried). */
  next: (boundary: number) => string[];
  /** What must hold once the next command succeeded. */
  check: (project: CliProject) => Promise<void>;
  /** How long the command runs, roughly, for the random-moment kills. */
  typicalMs: number;
  /** Changes only the history table, on purpose out of step with the schema (repair): no half-applied check. */
  historyOnly?: boolean;
}

export interface Tally {
  trials: number;
  recovered: number;
  halfApplied: number;
  wedged: number;
  failures: string[];
}

const ALL = MIGRATIONS.map((migration) => migration.version);

export function ok(run: CliRun, what: string): void {
  assert.equal(run.code, 0, `${what} exited ${run.code ?? run.signal}: ${run.stderr}`);
}

/** The stack runs (started only when its database does not answer: a start costs a process). */
async function running(project: CliProject): Promise<void> {
  if (!(await portAnswers('127.0.0.1', project.port))) ok(project.run(['start']), 'start');
}

/** The stack runs with every migration applied and the seed in. */
async function runningAndReset(project: CliProject): Promise<void> {
  await running(project);
  ok(project.run(['db', 'reset']), 'db reset');
}

export async function expectComplete(project: CliProject): Promise<void> {
  const state = await databaseState(project.url);
  assert.deepEqual(state.history, ALL);
  assert.ok(state.seeded, 'the seed row is missing');
}

/** A stop (with or without --no-backup): after it the stack is down, and a start brings back the same data or a new one. */
function stopScenario(args: string[], typicalMs: number): Scenario {
  return {
    name: args.join(' '),
    args,
    before: running,
    next: () => args,
    check: async (project) => {
      assert.equal(project.run(['status']).code, 1, 'status should say the stack is stopped');
      ok(project.run(['start']), 'start after the stop');
      await expectComplete(project);
    },
    typicalMs,
  };
}

/** Applying the pending migrations (migration up, db push) from a database with only the first one. */
function applyScenario(args: string[]): Scenario {
  return {
    name: args.join(' '),
    args,
    before: async (project) => {
      await running(project);
      ok(project.run(['db', 'reset', '--version', MIGRATIONS[0]!.version]), 'db reset --version');
    },
    next: () => args,
    check: async (project) => assert.deepEqual((await databaseState(project.url)).history, ALL),
    typicalMs: 400,
  };
}

/** Every command that changes a project, from the state it starts in. */
export const scenarios: Scenario[] = [
  {
    name: 'start (first start: template copy, server, migrations, seed)',
    args: ['start'],
    before: (project) => ok(project.run(['stop', '--no-backup']), 'stop --no-backup'),
    next: () => ['start'],
    check: expectComplete,
    typicalMs: 1500,
  },
  {
    name: 'db start (data kept)',
    args: ['db', 'start'],
    before: async (project) => {
      await running(project);
      ok(project.run(['stop']), 'stop');
    },
    next: () => ['db', 'start'],
    check: expectComplete,
    typicalMs: 600,
  },
  stopScenario(['stop'], 400),
  stopScenario(['stop', '--no-backup'], 500),
  {
    name: 'db reset',
    args: ['db', 'reset'],
    before: running,
    // Half the time the user resets again; half the time a command that only reads comes next.
    next: (boundary) => (boundary % 2 ? ['db', 'reset'] : ['migration', 'list', '--local']),
    check: expectComplete,
    typicalMs: 500,
  },
  applyScenario(['migration', 'up']),
  applyScenario(['db', 'push', '--local']),
  {
    name: 'migration repair',
    args: ['migration', 'repair', '--status', 'reverted', MIGRATIONS.at(-1)!.version, '--local'],
    before: runningAndReset,
    next: () => ['migration', 'list', '--local'],
    check: async (project) => {
      // One transaction: the row is either gone (repaired) or still there (rolled back), never half.
      const { history } = await databaseState(project.url);
      assert.ok([ALL.join(), ALL.slice(0, -1).join()].includes(history.join()), history.join());
    },
    typicalMs: 400,
    historyOnly: true,
  },
  {
    name: 'migration squash',
    args: ['migration', 'squash', '--local'],
    // From a database that matches its files (the repair trials leave the history out of step on purpose).
    before: async (project) => {
      project.writeMigrations();
      await runningAndReset(project);
    },
    next: () => ['migration', 'list', '--local'],
    check: async (project) => {
      const files = migrationFiles(project.root);
      const original = MIGRATIONS.map(({ version, table }) => `${version}_${table}.sql`);
      const squashed = files.length === 1 && files[0] === original.at(-1);
      assert.ok(files.join() === original.join() || squashed, `half squashed: ${files.join(', ')}`);
      if (squashed) {
        const text = readFileSync(path.join(project.root, 'supabase', 'migrations', files[0]!), 'utf8');
        for (const { table } of MIGRATIONS) assert.match(text, new RegExp(`CREATE TABLE (IF NOT EXISTS )?"?public"?\\."?${table}"?`));
      }
      const scratch = path.join(project.root, 'supabase', '.temp');
      assert.deepEqual(readdirSync(scratch).filter((name) => name.startsWith('squash')), [], 'a squash file was left behind');
    },
    typicalMs: 1500,
  },
  {
    name: 'test db (installs pgTAP for the run)',
    args: ['test', 'db'],
    // From a database that matches its files: the squash trials before it may leave them squashed.
    before: async (project) => {
      project.writeMigrations();
      await runningAndReset(project);
      const tests = path.join(project.root, 'supabase', 'tests');
      mkdirSync(tests, { recursive: true });
      writeFileSync(path.join(tests, 'one_test.sql'), 'begin;\nselect plan(1);\nselect has_table(\'public\', \'one\', \'one exists\');\nselect * from finish();\nrollback;\n');
    },
    next: () => ['test', 'db'],
    check: async (project) => assert.equal((await databaseState(project.url)).pgtap, false, 'pgTAP installed by an interrupted run is still there'),
    typicalMs: 800,
  },
];


/** The user's next command after a kill, run to its end (in the background when the caller must act meanwhile). */
export type NextCommand = (args: string[]) => CliRun | Promise<CliRun>;

/**
 * After a kill: the next command succeeds, the database matches its history, the journal is
 * settled, the lock is free, `status` agrees with whether the database answers, and the
 * scenario's own check holds. A failure is tallied with its label, not thrown, so that one run
 * reports every trial that failed.
 */
export async function recover(project: CliProject, tally: Record<string, Tally>, scenario: Scenario, label: string, boundary: number, next: NextCommand = project.run): Promise<void> {
  const t = (tally[scenario.name] ??= { trials: 0, recovered: 0, halfApplied: 0, wedged: 0, failures: [] });
  t.trials += 1;
  const followUp = await next(scenario.next(boundary));
  if (followUp.code !== 0) {
    t.wedged += 1;
    t.failures.push(`${label}: supabase ${scenario.next(boundary).join(' ')} exited ${followUp.code ?? followUp.signal}: ${followUp.stderr.trim()}`);
    return;
  }
  try {
    assert.deepEqual(unsettled(project.root), [], 'the journal still shows an unfinished operation');
    // A lock its dead holder left is harmless (the next command that needs it breaks it); a held one is not.
    const lock = path.join(project.root, 'supabase', '.temp', 'operation.lock');
    // Its owner as the lock itself reads it: a holder killed between creating the file and
    // writing its pid leaves it empty, which is no owner.
    const owner = new FileLock(lock).owner();
    if (owner && isProcessAlive(owner.pid)) assert.fail('the operation lock is still held');
    const answers = await portAnswers('127.0.0.1', project.port);
    if (!scenario.historyOnly && answers) {
      const half = halfApplied(await databaseState(project.url));
      if (half.length > 0) {
        t.halfApplied += 1;
        assert.fail(`half-applied: ${half.join(', ')}`);
      }
    }
    const status = project.run(['status']);
    assert.equal(status.code, answers ? 0 : 1, `status exited ${status.code} while the database ${answers ? 'answers' : 'does not answer'}: ${status.stderr.trim()}`);
    await scenario.check(project);
    t.recovered += 1;
  } catch (error) {
    t.failures.push(`${label}: ${(error as Error).message}`);
  }
}

/** The tally as lines for the end of a suite. */
export function tallyReport(heading: string, tally: Record<string, Tally>): string {
  const rows = Object.entries(tally).map(([name, t]) => `  ${name}: ${t.trials} trials, ${t.recovered} recovered, ${t.halfApplied} half-applied, ${t.wedged} wedged`);
  const total = Object.values(tally).reduce((sum, t) => ({ trials: sum.trials + t.trials, recovered: sum.recovered + t.recovered, half: sum.half + t.halfApplied, wedged: sum.wedged + t.wedged }), { trials: 0, recovered: 0, half: 0, wedged: 0 });
  return `\n${heading}:\n${rows.join('\n')}\n  total: ${total.trials} trials, ${total.recovered} recovered, ${total.half} half-applied, ${total.wedged} wedged`;
}
