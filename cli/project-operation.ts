/**
 * How commands meet the project's journal: a command that changes the project runs as one
 * recorded operation under the project's lock (a second one fails at once, naming it); every
 * command first lets what an earlier command left unfinished be completed or rolled back.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CommandContext } from './context.js';
import { loadProjectConfig } from './project-config.js';
import type { OperationSpec } from '../tasks/orchestration/orchestration-types.js';
import type { Operation } from '../tasks/orchestration/run-operation.js';
import type { RecoveryEnvironment } from '../tasks/orchestration/recovery-types.js';
import type { StoreOptions } from '../tasks/journal/journal-store.js';

/** What a recovery run by this command works with. */
export function recoveryEnvironment(ctx: CommandContext): RecoveryEnvironment {
  return {
    root: ctx.projectRoot,
    env: ctx.env,
    config: async () => (await loadProjectConfig(ctx)).config,
    notify: (line) => ctx.io.stderr(`${line}\n`),
    debug: (line) => ctx.log.debug(line),
  };
}

/** Where a journal's warning (lines set aside as damaged) goes: this command's stderr. */
export function journalWarning(ctx: CommandContext): (line: string) => void {
  return (line) => ctx.io.stderr(`${line}\n`);
}

/** How this command opens its journal: warnings to stderr, each replay told under --debug. */
export function journalOptions(ctx: CommandContext): StoreOptions {
  return { warn: journalWarning(ctx), debug: (line) => ctx.log.debug(line) };
}

/** Whether the command works in a project folder (one with supabase/), where a journal belongs. */
export function inProjectFolder(ctx: CommandContext): boolean {
  return existsSync(path.join(ctx.projectRoot, 'supabase'));
}

// Commands inside runProjectOperation: the operation has reconciled already, under the lock.
const operating = new WeakSet<CommandContext>();

/** Whether this command is running its operation (so it must not try to take the lock again). */
export function isOperating(ctx: CommandContext): boolean {
  return operating.has(ctx);
}

/**
 * Runs `work` as a recorded operation of this command (`supabase <path>`). Outside a project
 * folder (`db push --db-url` from anywhere) there is no journal to keep: the work runs unrecorded
 * rather than creating supabase/.temp where no project is.
 */
export async function runProjectOperation<T>(ctx: CommandContext, spec: Omit<OperationSpec, 'command'>, work: (operation: Operation) => Promise<T>): Promise<T> {
  if (!inProjectFolder(ctx)) {
    const { unrecordedOperation } = await import('../tasks/orchestration/unrecorded-operation.js');
    return work(unrecordedOperation());
  }
  const { JournalStore } = await import('../tasks/journal/journal-store.js');
  const { runOperation } = await import('../tasks/orchestration/run-operation.js');
  operating.add(ctx);
  try {
    return await runOperation(JournalStore.forProject(ctx.projectRoot, journalOptions(ctx)), { ...spec, command: `supabase ${ctx.path}` }, { environment: recoveryEnvironment(ctx) }, work);
  } finally {
    operating.delete(ctx);
  }
}

/** For commands that only read: first finish or undo what an earlier command left unfinished. */
export async function reconcileFirst(ctx: CommandContext): Promise<void> {
  if (!inProjectFolder(ctx)) return;
  const { JournalStore } = await import('../tasks/journal/journal-store.js');
  const journal = JournalStore.forProject(ctx.projectRoot, journalOptions(ctx));
  const { unsettledOperations } = await import('../tasks/orchestration/pending-operations.js');
  if (unsettledOperations(journal).length === 0) {
    ctx.log.debug('reconcile: no unfinished operation');
    return;
  }
  const { reconcileProject } = await import('../tasks/orchestration/reconcile.js');
  await reconcileProject(journal, recoveryEnvironment(ctx), `supabase ${ctx.path}`);
}
