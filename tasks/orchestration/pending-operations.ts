/**
 * The cheap question every command asks first: did an earlier command leave an operation
 * unfinished? It reads only the `operations` lines of the journal and looks at each run's last
 * event, without the machines (no xstate), so commands that find nothing pay almost nothing.
 *
 * The journal only grows (a reset of 1,000 migrations adds 2,000 operation lines), so the answer
 * up to a byte offset is kept in a checkpoint beside it (prefix-checkpoint.ts): the runs still
 * unsettled there. Proving the checkpoint takes one hash of the bytes it covers, several times
 * cheaper than reading their lines; only the lines after it are read.
 */
import { JournalTextDecoder } from '../../machines/journal/line-scanner.js';
import { bytesFrom, completeLines, withOpenJournal } from '../journal/journal-reader.js';
import type { JournalStore } from '../journal/journal-store.js';
import { proofUpTo, resumeAfter, writeCheckpoint, type PrefixProof } from '../journal/prefix-checkpoint.js';

/** The stream of operation runs (machines/operation.machine.ts, keyed by `id`). */
export const OPERATIONS_STREAM = 'operations';

/** Events after which a run needs nothing more (the states without a task or a recovery). */
export const SETTLED_OPERATION_EVENTS: ReadonlySet<string> = new Set(['FINISHED', 'FAILED', 'RECOVERED']);

// Bytes read past the checkpoint before a new one is written: no command reads much more.
const CHECKPOINT_AFTER_BYTES = 64 * 1024;

interface Checkpoint extends PrefixProof {
  format: 1;
  /** The last event of each run that was not settled at `end`. */
  unsettled: Record<string, string>;
}

/** Ids of runs whose last event leaves them running, interrupted or recovering. */
export function unsettledOperations(journal: JournalStore): string[] {
  const found = readUnsettled(journal);
  // A line that is not an event was passed over: set aside, the journal is a new file to read.
  return found.damagedLines > 0 && journal.setAsideDamage() > 0 ? readUnsettled(journal).ids : found.ids;
}

function readUnsettled(journal: JournalStore): { ids: string[]; damagedLines: number } {
  const { journal: file, operationsCheckpoint } = journal.paths;
  return withOpenJournal(file, (opened) => {
    const resume = resumeAfter<Checkpoint>(operationsCheckpoint, opened, (checkpoint) => checkpoint.format === 1 && typeof checkpoint.unsettled === 'object' && checkpoint.unsettled !== null);
    const last = new Map<string, string>(Object.entries(resume.checkpoint?.unsettled ?? {}));
    const rest = bytesFrom(opened, resume.from);
    const read = completeLines(rest, resume.from);
    let damagedLines = 0;
    const decoder = new JournalTextDecoder({ stream: OPERATIONS_STREAM }).onDamaged(() => (damagedLines += 1));
    decoder.forEach(read.text, (event) => {
      const id = event.data.id;
      if (typeof id === 'string') last.set(id, event.type);
    });
    const unsettled = [...last].filter(([, type]) => !SETTLED_OPERATION_EVENTS.has(type));
    // Not over damaged lines: setting them aside rewrites the prefix the checkpoint would hash.
    if (damagedLines === 0 && read.end - resume.from >= CHECKPOINT_AFTER_BYTES) {
      const checkpoint: Checkpoint = { format: 1, ...proofUpTo(resume, rest, read.end), unsettled: Object.fromEntries(unsettled) };
      writeCheckpoint(operationsCheckpoint, checkpoint);
    }
    return { ids: unsettled.map(([id]) => id), damagedLines };
  }) ?? { ids: [], damagedLines: 0 };
}
