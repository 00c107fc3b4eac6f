/**
 * Failure reports. An internal error always leaves one behind; with --create-ticket any failure
 * does. They hold what a maintainer needs (version, command line, error, the debug log) with
 * secrets already redacted, and stay on this machine until the user chooses to share them.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { redact } from './debug-log.js';
import { ASSIGNMENT, HIDDEN, SECRET_FLAGS, secretFlagValue, type SecretValues } from './secret-values.js';
import { VERSION } from './version.js';

export interface TicketContents {
  kind: 'ticket' | 'crash-report';
  argv: readonly string[];
  error: unknown;
  debugLog: string[];
  /** The secrets this run knows by value (debug-log.ts redacts the rest by their look). */
  known?: SecretValues;
}

/** Folder for reports: SUPABASE_TICKET_DIR, else ~/.supabase/tickets. */
export function ticketDir(env: NodeJS.ProcessEnv): string {
  return env.SUPABASE_TICKET_DIR || join(homedir(), '.supabase', 'tickets');
}

/** Writes a report and returns its path. */
export function writeTicket(contents: TicketContents, env: NodeJS.ProcessEnv, now = new Date()): string {
  const folder = ticketDir(env);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const id = `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
  const path = join(folder, `${contents.kind}-${id}.json`);
  const clean = (text: string) => redact(text, contents.known);
  const error = contents.error instanceof Error
    ? { name: contents.error.name, message: clean(contents.error.message), stack: clean(contents.error.stack ?? '') }
    : { message: clean(String(contents.error)) };
  const report = {
    id,
    kind: contents.kind,
    version: VERSION,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    time: now.toISOString(),
    command: redactArgv(contents.argv, contents.known),
    error,
    debugLog: contents.debugLog.map(clean),
  };
  writeFileSync(path, JSON.stringify(report, null, 2) + '\n', { mode: 0o600 });
  return path;
}

/**
 * Hides the values of secret-carrying flags (`--flag value`, `--flag=value`, `-pvalue`), of
 * `NAME=VALUE` arguments when they are secrets (`known.pairs`: secrets set's, however short), and
 * what the redactor hides in the other words.
 */
export function redactArgv(argv: readonly string[], known?: SecretValues): string[] {
  return argv.map((word, index) => {
    if (index > 0 && SECRET_FLAGS.has(argv[index - 1])) return HIDDEN;
    const flagValue = secretFlagValue(word);
    if (flagValue !== undefined) return `${word.slice(0, word.length - flagValue.length)}${HIDDEN}`;
    const assignment = ASSIGNMENT.exec(word);
    if (known?.pairs && !word.startsWith('-') && assignment) return `${assignment[1]}${HIDDEN}`;
    return redact(word, known);
  });
}
