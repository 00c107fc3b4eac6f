/**
 * A small TAP (version 12/13) reader for what pgTAP emits: a plan line, `ok`/`not ok` lines with
 * optional SKIP/TODO directives, `#` diagnostics and `Bail out!`. It judges a file the way
 * pg_prove's harness does: every test must pass, and the plan must match what ran.
 */

/** One `ok` / `not ok` line. */
export interface TapResult {
  ok: boolean;
  number: number;
  description: string;
  /** A `# TODO` test may fail without failing the file; a `# SKIP` test counts as passed. */
  directive?: 'todo' | 'skip';
}

/** What a file's TAP stream says. */
export interface TapSummary {
  /** The planned count from `1..N`, if a plan was seen. */
  planned?: number;
  results: TapResult[];
  /** Diagnostic lines (`# ...`), in order, without changes. */
  diagnostics: string[];
  /** The reason after `Bail out!`, if the stream bailed out. */
  bailOut?: string;
  /** Problems with the stream itself: missing plan, a count that differs, numbers out of order. */
  parseErrors: string[];
  /** Numbers of the tests that failed (TODO tests excluded). */
  failed: number[];
}

const PLAN = /^1\.\.(\d+)(?:\s*#\s*(.*))?$/;
const RESULT = /^(not )?ok\b\s*(\d+)?\s*(?:-\s*)?([^#]*?)\s*(?:#\s*(TODO|SKIP)\S*\b\s*(.*))?$/i;

/** Parses a complete TAP stream. */
export function parseTap(text: string): TapSummary {
  const summary: TapSummary = { results: [], diagnostics: [], parseErrors: [], failed: [] };
  for (const raw of text.split(/\r?\n/)) {
    // psql pads single-column rows with nothing in aligned-off mode, but stray spaces are harmless.
    const line = raw.trimEnd();
    if (line === '') continue;
    const plan = PLAN.exec(line.trim());
    if (plan) {
      if (summary.planned !== undefined) summary.parseErrors.push('More than one plan found in TAP output');
      summary.planned = Number(plan[1]);
      continue;
    }
    const result = RESULT.exec(line.trim());
    if (result) {
      const number = result[2] ? Number(result[2]) : summary.results.length + 1;
      if (number !== summary.results.length + 1) {
        summary.parseErrors.push(`Tests out of sequence.  Found (${number}) but expected (${summary.results.length + 1})`);
      }
      const directive = result[4] ? (result[4].toLowerCase() as 'todo' | 'skip') : undefined;
      const entry: TapResult = { ok: !result[1], number, description: result[3], directive };
      summary.results.push(entry);
      if (!entry.ok && directive !== 'todo') summary.failed.push(number);
      continue;
    }
    if (/^Bail out!/i.test(line.trim())) {
      summary.bailOut = line.trim().replace(/^Bail out!\s*/i, '');
      continue;
    }
    if (line.trimStart().startsWith('#')) summary.diagnostics.push(line.trimStart());
  }
  if (summary.planned === undefined) {
    summary.parseErrors.push('No plan found in TAP output');
  } else if (summary.planned !== summary.results.length) {
    summary.parseErrors.push(`Bad plan.  You planned ${summary.planned} tests but ran ${summary.results.length}.`);
  }
  return summary;
}

/** Whether the file passed: no failures, a matching plan, no bail-out and a clean exit. */
export function tapPassed(summary: TapSummary, exitCode: number): boolean {
  return exitCode === 0 && summary.failed.length === 0 && summary.parseErrors.length === 0 && summary.bailOut === undefined;
}
