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
import { VERSION } from './version.js';

export interface TicketContents {
  kind: 'ticket' | 'crash-report';
  argv: readonly string[];
  error: unknown;
  debugLog: string[];
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
  const error = contents.error instanceof Error
    ? { name: contents.error.name, message: redact(contents.error.message), stack: redact(contents.error.stack ?? '') }
    : { message: redact(String(contents.error)) };
  const report = {
    id,
    kind: contents.kind,
    version: VERSION,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    time: now.toISOString(),
    command: redactArgv(contents.argv),
    error,
    debugLog: contents.debugLog,
  };
  writeFileSync(path, JSON.stringify(report, null, 2) + '\n', { mode: 0o600 });
  return path;
}

const SECRET_FLAGS = new Set(['-p', '--password', '--token', '--db-password']);

/** Hides the values of secret-carrying flags, in both `--flag value` and `--flag=value` forms. */
export function redactArgv(argv: readonly string[]): string[] {
  return argv.map((word, index) => {
    if (index > 0 && SECRET_FLAGS.has(argv[index - 1])) return '[REDACTED]';
    const [name] = word.split('=', 1);
    if (word.includes('=') && SECRET_FLAGS.has(name)) return `${name}=[REDACTED]`;
    return redact(word);
  });
}
