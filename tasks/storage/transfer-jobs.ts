/**
 * What uploads and downloads share: the events a command turns into lines and a progress bar,
 * a byte counter that sits in a stream without holding on to its chunks, and `-j/--jobs`
 * parallelism that stops starting new transfers after the first failure.
 */
import pLimit from 'p-limit';
import { TaskError, isTaskError } from '../task-error.js';

/** What a transfer tells its command while it runs. */
export interface TransferReporter {
  /** A line for stderr, such as `Uploading: a => b`. */
  line(text: string): void;
  /** The totals, known before the first byte moves. */
  planned(files: number, bytes: number): void;
  /** Bytes moved since the last call. */
  moved(bytes: number): void;
  /** One file finished. */
  finished(): void;
}

/** A reporter that prints lines and ignores progress (what tests and scripts get). */
export function linesOnly(line: (text: string) => void): TransferReporter {
  return { line, planned: () => {}, moved: () => {}, finished: () => {} };
}

/** Passes a byte stream through, reporting the size of each chunk as it goes by. */
export async function* counted(source: AsyncIterable<Uint8Array>, moved: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    moved(chunk.byteLength);
    yield chunk;
  }
}

/**
 * Runs `work` for each item, at most `jobs` at a time. After a failure no further item starts;
 * the ones already running finish, and then every failure is reported together, one a line.
 */
export async function runJobs<T>(items: Iterable<T>, jobs: number, work: (item: T) => Promise<void>): Promise<void> {
  const limit = pLimit(Math.max(1, jobs));
  const failures: unknown[] = [];
  const runs = [...items].map((item) =>
    limit(async () => {
      if (failures.length > 0) return;
      try {
        await work(item);
      } catch (error) {
        // Queued items see the failure and return at once (p-limit's clearQueue would leave their promises unsettled).
        failures.push(error);
      }
    }),
  );
  await Promise.all(runs);
  // A failure that is not the user's to fix is a bug: it keeps its own stack and report.
  const bug = failures.find((failure) => !isTaskError(failure));
  if (bug) throw bug;
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateFailure(failures);
}

/** Several transfers failed; the message lists each, as the original joins its errors. */
export class AggregateFailure extends TaskError {
  constructor(readonly failures: unknown[]) {
    super(failures.map((failure) => (failure instanceof Error ? failure.message : String(failure))).join('\n'));
  }
}
