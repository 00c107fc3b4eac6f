/**
 * The journal events that record changes to a database's migration history (the
 * `migrations:<target>` streams of machines/migration-history.machine.ts), so `supabase events`
 * shows every migration applied, repaired, squashed or reset.
 */
import type { NewEvent } from '../../machines/journal/journal-event.js';
import type { MigrationFile } from './migration-files.js';

/** A file and its history row committed together. */
export function appliedEvent(stream: string, file: Pick<MigrationFile, 'version' | 'name'>): NewEvent {
  return { stream, type: 'MIGRATION_APPLIED', data: { version: file.version, name: file.name } };
}

/** What the files and the history table say about `versions` (all of them when omitted). */
export function observedEvents(stream: string, local: MigrationFile[], applied: readonly string[], versions?: readonly string[]): NewEvent[] {
  const files = new Map(local.map((file) => [file.version, file]));
  const rows = new Set(applied);
  const wanted = versions ?? [...new Set([...files.keys(), ...rows])];
  return wanted.map((version) => ({
    stream,
    type: 'OBSERVED',
    data: { version, ...(files.get(version) ? { name: files.get(version)!.name } : {}), local: files.has(version), remote: rows.has(version) },
  }));
}

/** The database was recreated: every version it had, or has a file for, starts over. */
export function historyResetEvents(stream: string, known: readonly string[], local: MigrationFile[]): NewEvent[] {
  const files = new Map(local.map((file) => [file.version, file]));
  return [...new Set([...known, ...files.keys()])].map((version) => ({
    stream,
    type: 'HISTORY_RESET',
    data: { version, ...(files.get(version) ? { name: files.get(version)!.name } : {}), local: files.has(version) },
  }));
}

/** Files folded into `into` by a squash. */
export function squashedEvents(stream: string, removed: Array<Pick<MigrationFile, 'version'>>, into: string): NewEvent[] {
  return removed.map((file) => ({ stream, type: 'SQUASHED', data: { version: file.version, into } }));
}
