/**
 * Temporary files of downloads in progress. A download writes beside its destination and renames
 * into place at the end; when the user interrupts (Ctrl-C, a terminal closing, a kill), the
 * temporary files are removed before the process ends the way the signal asked, so an
 * interrupted copy leaves neither a truncated file nor a stray one.
 */
import { unlinkSync } from 'node:fs';

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const pending = new Set<string>();

function onSignal(signal: NodeJS.Signals): void {
  for (const file of pending) {
    try {
      unlinkSync(file);
    } catch {
      // Already renamed into place or never created: nothing to clean.
    }
  }
  pending.clear();
  unguard();
  // With no listener left, the signal's default action ends the process as it would have.
  process.kill(process.pid, signal);
}

function unguard(): void {
  for (const signal of SIGNALS) process.removeListener(signal, onSignal);
}

/** Marks a temporary file as in progress (watching for signals while any is). */
export function trackPartial(file: string): void {
  if (pending.size === 0) for (const signal of SIGNALS) process.on(signal, onSignal);
  pending.add(file);
}

/** The file was renamed into place or removed. */
export function untrackPartial(file: string): void {
  pending.delete(file);
  if (pending.size === 0) unguard();
}
