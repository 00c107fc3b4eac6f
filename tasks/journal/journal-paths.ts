/**
 * Where a journal and its companions live: a project's all under supabase/.temp (the original's
 * temp folder); the
 * hosted commands run outside any project keep theirs under ~/.supabase/hosted.
 */
import { homedir } from 'node:os';
import path from 'node:path';

/** The files of one project's journal. */
export interface JournalPaths {
  /** The append-only event file, one JSON event a line. */
  journal: string;
  /** Held for the few microseconds of an append, by any process writing events. */
  appendLock: string;
  /** Held for a whole command that drives machines (start, stop, domains ...). */
  operationLock: string;
  /** The derived fold of the journal up to a byte offset, with the hash that proves it. */
  snapshot: string;
  /** The operations left unsettled up to a byte offset, with the hash that proves it (pending-operations.ts). */
  operationsCheckpoint: string;
  /** Lines found not to be events, set aside with their line numbers (damaged-lines.ts). */
  damaged: string;
}

/** The journal files of the project at `projectRoot`. */
export function journalPaths(projectRoot: string): JournalPaths {
  return journalPathsIn(path.join(projectRoot, 'supabase', '.temp'));
}

/** The journal files inside a directory (tests and benches use temporary ones). */
export function journalPathsIn(directory: string): JournalPaths {
  return {
    journal: path.join(directory, 'events.jsonl'),
    appendLock: path.join(directory, 'events.lock'),
    operationLock: path.join(directory, 'operation.lock'),
    snapshot: path.join(directory, 'events.snapshot.json'),
    operationsCheckpoint: path.join(directory, 'events.operations.json'),
    damaged: path.join(directory, 'events.damaged.jsonl'),
  };
}

/** The folder of the per-user journal that hosted commands write when run outside a project folder. */
export function userHostedJournalDir(env: NodeJS.ProcessEnv): string {
  return path.join(env.HOME || homedir(), '.supabase', 'hosted');
}
