/**
 * Journal replay of 100,000 events (budget: under 200 ms cold), next to its floor, reading the
 * file and JSON.parse of every line, measured interleaved in this process: cold (no snapshot
 * cache: read, decode, fold), warm (cache verified by hashing the journal) and warm with 1,000
 * new events. Also the question every command asks first (pending-operations.ts: did a command
 * leave an operation unfinished?), without and with its checkpoint. Run with
 * `npx tsx bench/journal-replay.ts`; BENCH_EVENTS and BENCH_RUNS change the sizes (defaults 100,000
 * and 7); BENCH_BEFORE adds the cold replay of an earlier commit's code.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NewEvent } from '../machines/journal/journal-event.js';
import { writeJournal } from './journal-workload.js';
import { JournalStore } from '../tasks/journal/journal-store.js';
import { beforeRoot, interleaved, reportRatios } from './measure.js';
import { unsettledOperations } from '../tasks/orchestration/pending-operations.js';

const total = Number(process.env.BENCH_EVENTS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 7);

const time = (fn: () => unknown) => {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
};

const directory = mkdtempSync(path.join(tmpdir(), 'bench-journal-'));
try {
  const { journal } = writeJournal(directory, total);
  const file = journal.paths.journal;
  console.log(`journal: ${total.toLocaleString('en')} events, ${(journal.read().end / 1e6).toFixed(1)} MB`);

  // The warm figures read a second journal: the cold runs must never find a cache.
  const warmDirectory = path.join(directory, 'warm');
  const warm = writeJournal(warmDirectory, total).journal;
  warm.replay({ writeCacheAfter: 0 });
  const tailDirectory = path.join(directory, 'tail');
  const tail = writeJournal(tailDirectory, total);
  tail.journal.replay({ writeCacheAfter: 0 });
  tail.journal.append(Array.from({ length: 1000 }, () => tail.source.next().value as NewEvent));

  // The earlier commit's store, loaded from its sources (tsx), reading the same journal.
  const before: typeof JournalStore | undefined = beforeRoot
    ? ((await import(path.join(beforeRoot, 'tasks', 'journal', 'journal-store.ts'))) as { JournalStore: typeof JournalStore }).JournalStore
    : undefined;
  const floor = 'read + JSON.parse of every line';
  const samples = interleaved(runs, {
    [floor]: () =>
      time(() => {
        for (const line of readFileSync(file, 'utf8').split('\n')) if (line) JSON.parse(line);
      }),
    // A store of its own each time, as each command has: a store remembers its own last replay.
    'replay, cold: read + decode + fold': () =>
      time(() => {
        const folded = JournalStore.inDirectory(directory).replay({ useCache: false, writeCacheAfter: Infinity }).fold.count;
        if (folded !== total) throw new Error(`folded ${folded} events, expected ${total}`);
      }),
    ...(before ? { 'replay, cold (before)': () => time(() => before.inDirectory(directory).replay({ useCache: false, writeCacheAfter: Infinity })) } : {}),
    'replay, warm: snapshot cache verified by SHA-256 of the journal': () => time(() => JournalStore.inDirectory(warmDirectory).replay({ writeCacheAfter: Infinity })),
    'replay, warm cache + 1,000 new events': () => time(() => JournalStore.inDirectory(tailDirectory).replay({ writeCacheAfter: Infinity })),
    'unsettled operations, no checkpoint (reads every line, then writes one)': () => {
      rmSync(journal.paths.operationsCheckpoint, { force: true });
      return time(() => unsettledOperations(journal));
    },
    'unsettled operations, checkpoint proved by SHA-256 of the journal': () => time(() => unsettledOperations(warm)),
  });
  reportRatios(floor, samples, 'ms', { 'replay, cold: read + decode + fold': 'under 200 ms' });
} finally {
  rmSync(directory, { recursive: true, force: true });
}
