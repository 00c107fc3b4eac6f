/**
 * Every kind of operation and how it is recovered after an interruption, loaded only when one
 * needs recovering. `next` is what the interruption line promises the next command will do.
 */
import type { OperationRecovery } from './recovery-types.js';

interface RecoveryEntry {
  next: string;
  load: () => Promise<OperationRecovery>;
}

const RECOVERIES: Record<string, RecoveryEntry> = {
  stack: {
    next: 'cleans up after it',
    load: async () => (await import('../stack/stack.recovery.js')).stackRecovery,
  },
  'db-reset': {
    next: 'finishes the reset',
    load: async () => (await import('../db/reset.recovery.js')).resetRecovery,
  },
  'migration-apply': {
    next: 'makes sure the unfinished migration is rolled back',
    load: async () => (await import('../db/migration-apply.recovery.js')).migrationApplyRecovery,
  },
  // The kind journals already on disk name; it covers db pull's history rows as well as repair's.
  'migration-repair': {
    next: 'reads the history table to record what was committed',
    load: async () => (await import('../db/history-edit.recovery.js')).historyEditRecovery,
  },
  'migration-squash': {
    next: 'finishes or undoes the squash',
    load: async () => (await import('../db/squash.recovery.js')).squashRecovery,
  },
  'test-db': {
    next: 'removes what the test run installed',
    load: async () => (await import('../testing/test-db.recovery.js')).testDbRecovery,
  },
};

/** The recovery of a kind, or undefined for kinds that leave nothing behind. */
export async function recoveryOf(kind: string | null): Promise<OperationRecovery | undefined> {
  return kind && RECOVERIES[kind] ? RECOVERIES[kind].load() : undefined;
}

/** What the next command will do about an interrupted operation of this kind. */
export function nextCommandWill(kind: string): string {
  return RECOVERIES[kind]?.next ?? 'cleans up after it';
}
