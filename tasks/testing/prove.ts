/**
 * The pgTAP harness behind `supabase test db`: what pg_prove does, in process. It installs pgTAP
 * for the run, runs each file from the tests folder with the PG* variables set, judges every TAP
 * stream (failures, plan, exit status) and prints pg_prove's per-file lines and summary.
 */
import path from 'node:path';
import pg from '../db/pg-driver.js';
import { sessionName } from '../db/session-name.js';
import { parseTap, tapPassed, type TapSummary } from './tap-parser.js';
import { pgEnvFromUrl } from './pg-env.js';
import { findPsql, runWithPsql, runWithoutPsql, type FileRun } from './sql-file-runner.js';
import { dropPgtap, hasPgtap, installPgtap } from './pgtap-extension.js';
import { unrecorded, type StepRunner } from '../orchestration/step-runner.js';
import { runSqlSteps, type SqlStep } from '../orchestration/sql-steps.js';
import { TaskError, messageOf } from '../task-error.js';

/** What to run and where output goes. */
export interface ProveOptions {
  /** The target database, as a postgresql:// URL. */
  connectionString: string;
  /** supabase/tests: the working folder, and the base of the names printed. */
  testsDir: string;
  /** Absolute files to run, in order. */
  files: string[];
  /** Print every TAP line, as `pg_prove --verbose` does. */
  verbose?: boolean;
  /** The psql to use; `null` forces running without psql. Looked up on PATH when absent. */
  psql?: string | null;
  env?: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Installing and removing pgTAP are steps of the caller's operation (recorded before and after). */
  step?: StepRunner;
}

/** One file's verdict. */
export interface FileVerdict {
  name: string;
  tap: TapSummary;
  exitCode: number;
  passed: boolean;
}

/** The run's result. */
export interface ProveReport {
  files: FileVerdict[];
  tests: number;
  passed: boolean;
  /** Whether pgTAP was installed for this run (and dropped again). */
  installedPgtap: boolean;
}

/** Runs the files and prints the report; never throws for failing tests, only for setup problems. */
export async function prove(options: ProveOptions): Promise<ProveReport> {
  const env = options.env ?? process.env;
  const psql = options.psql === null ? undefined : (options.psql ?? (await findPsql(env)));
  const client = new pg.Client({ connectionString: options.connectionString, application_name: sessionName() });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new TaskError(`failed to connect to postgres: ${messageOf(error)}`, undefined, { cause: error });
  }
  const began = Date.now();
  let installedPgtap = false;
  const verdicts: FileVerdict[] = [];
  try {
    const step = options.step ?? unrecorded;
    // pgTAP's steps are listr2 tasks a terminal shows; plain output stays pg_prove's own lines.
    const steps: SqlStep[] = [];
    if (!(await hasPgtap(client))) {
      steps.push({ title: 'Installing pgTAP', quiet: true, run: async () => {
        await step('install pgtap', () => installPgtap(client));
        installedPgtap = true;
      } });
    }
    const pgEnv = pgEnvFromUrl(options.connectionString);
    for (const file of options.files) {
      const relative = path.relative(options.testsDir, file);
      const name = relative.startsWith('..') ? file : relative.split(path.sep).join('/');
      steps.push({ title: `Running pgTAP tests in ${name}`, quiet: true, run: async () => {
        const run: FileRun = psql
          ? await runWithPsql(psql, relative.startsWith('..') ? file : relative, options.testsDir, pgEnv, env)
          : await runWithoutPsql(file, options.connectionString);
        const verdict = reportFile(name, run, options);
        verdicts.push(verdict);
        return `pgTAP tests in ${name}: ${verdict.passed ? 'passed' : 'failed'}`;
      } });
    }
    await runSqlSteps(steps, () => undefined);
  } finally {
    if (installedPgtap) await (options.step ?? unrecorded)('remove pgtap', () => dropPgtap(client)).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
  const tests = verdicts.reduce((sum, verdict) => sum + verdict.tap.results.length, 0);
  const passed = verdicts.every((verdict) => verdict.passed);
  printSummary(verdicts, tests, passed, Date.now() - began, options.stdout);
  return { files: verdicts, tests, passed, installedPgtap };
}

/** Prints one file's line (and its TAP when verbose or failing) and returns its verdict. */
function reportFile(name: string, run: FileRun, options: ProveOptions): FileVerdict {
  const tap = parseTap(run.stdout);
  const passed = tapPassed(tap, run.exitCode);
  const prefix = `${name} .. `;
  if (options.verbose) {
    options.stdout(`${prefix}\n${run.stdout.split('\n').filter((line) => line.trim()).map((line) => `${line}\n`).join('')}`);
  }
  if (run.stderr) options.stderr(run.stderr.endsWith('\n') ? run.stderr : `${run.stderr}\n`);
  if (passed) {
    options.stdout(options.verbose ? 'ok\n' : `${prefix}ok\n`);
    return { name, tap, exitCode: run.exitCode, passed };
  }
  // Failure diagnostics are the useful part of a failing file, so they show even without --verbose.
  if (!options.verbose && tap.diagnostics.length > 0) options.stdout(`${prefix}\n${tap.diagnostics.map((line) => `${line}\n`).join('')}`);
  const lines: string[] = [];
  if (run.exitCode !== 0) lines.push(`${prefix}Dubious, test returned ${run.exitCode} (wstat ${run.exitCode * 256}, 0x${(run.exitCode * 256).toString(16)})`);
  if (tap.results.length === 0) lines.push('No subtests run');
  else if (tap.failed.length > 0) lines.push(`${prefix}Failed ${tap.failed.length}/${tap.results.length} subtests`);
  else if (run.exitCode === 0) lines.push(`${prefix}All ${tap.results.length} subtests passed`);
  options.stdout(lines.map((line) => `${line}\n`).join(''));
  return { name, tap, exitCode: run.exitCode, passed };
}

/** The `Test Summary Report` (on failure), the `Files=` line and the `Result:` line. */
function printSummary(verdicts: FileVerdict[], tests: number, passed: boolean, ms: number, write: (text: string) => void): void {
  const out: string[] = [];
  if (passed) {
    if (verdicts.length > 0) out.push('All tests successful.');
  } else {
    out.push('', 'Test Summary Report', '-------------------');
    for (const verdict of verdicts.filter((v) => !v.passed)) {
      const wstat = verdict.exitCode === 0 ? '0' : `${verdict.exitCode * 256} (exited ${verdict.exitCode})`;
      out.push(`${verdict.name} (Wstat: ${wstat} Tests: ${verdict.tap.results.length} Failed: ${verdict.tap.failed.length})`);
      if (verdict.tap.failed.length > 0) {
        out.push(`  Failed test${verdict.tap.failed.length > 1 ? 's' : ''}:  ${verdict.tap.failed.join(', ')}`);
      }
      if (verdict.exitCode !== 0) out.push(`  Non-zero exit status: ${verdict.exitCode}`);
      if (verdict.tap.bailOut !== undefined) out.push(`  Bailed out: ${verdict.tap.bailOut}`);
      if (verdict.tap.parseErrors.length > 0) out.push(`  Parse errors: ${verdict.tap.parseErrors.join('\n                ')}`);
    }
  }
  out.push(`Files=${verdicts.length}, Tests=${tests}, ${Math.round(ms / 1000)} wallclock secs`);
  out.push(`Result: ${passed && verdicts.length > 0 ? 'PASS' : verdicts.length === 0 ? 'NOTESTS' : 'FAIL'}`);
  write(out.map((line) => `${line}\n`).join(''));
}
