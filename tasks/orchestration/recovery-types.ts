/**
 * The shapes of recovery: what finishing or undoing an interrupted operation gets to work with,
 * and what each kind of operation provides (tasks/orchestration/recoveries.ts lists them).
 */
import type { OperationContext } from '../../machines/operation.machine.js';
import type { ProjectConfig } from '../project/config.types.js';
import type { JournalSession } from './journal-session.js';

/** The project a recovery works on, given by the command that runs it. */
export interface RecoveryEnvironment {
  /** The project folder. */
  root: string;
  env: NodeJS.ProcessEnv;
  /** The project's config, loaded when a recovery needs it. */
  config: () => Promise<ProjectConfig>;
  /** Where the one line about a recovery goes (stderr). */
  notify: (line: string) => void;
  /** Told of each reconcile, one line (`--debug`). */
  debug?: (line: string) => void;
}

/** An interrupted operation as the journal left it. */
export type InterruptedOperation = OperationContext & { id: string };

/** What a recovery gets. */
export interface RecoveryContext {
  operation: InterruptedOperation;
  session: JournalSession;
  environment: RecoveryEnvironment;
  /** Runs one step of the recovery, recorded before and after it on the operation's instance. */
  step: <T>(name: string, work: () => Promise<T>) => Promise<T>;
}

/**
 * How an operation was recovered, and anything the user should do next (appended to the one
 * line). `left as it is`: nothing here can reach what it changed (a remote database whose
 * password is not kept), so the detail says what the user should check.
 */
export interface RecoveryResult {
  outcome: 'completed' | 'rolled back' | 'left as it is';
  /** The line's first word when the outcome's own (Finished, Rolled back) would mislead. */
  verb?: string;
  detail?: string;
}

/** What a kind of operation provides to have itself finished or undone by a later command. */
export interface OperationRecovery {
  /** Whether it can run now; false leaves it for a later command (its database is down, say). */
  ready?: (context: RecoveryContext) => Promise<boolean>;
  run: (context: RecoveryContext) => Promise<RecoveryResult>;
}
