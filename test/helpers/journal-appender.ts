/**
 * A child process that appends to a journal, for the concurrency and kill -9 tests.
 * Usage: node --import tsx journal-appender.ts <directory> <writer> <count|forever> [batch]
 * Each event carries { writer, n } with n counting up from 0, so the parent can check that nothing
 * was lost, duplicated or reordered. Prints "ready" once, after its first append.
 */
import { JournalStore } from '../../tasks/journal/journal-store.js';

const [directory, writer, countText, batchText = '1'] = process.argv.slice(2);
const journal = JournalStore.inDirectory(directory);
const count = countText === 'forever' ? Infinity : Number(countText);
const batch = Number(batchText);
// Padding makes lines long enough that a kill can land in the middle of a write.
const padding = 'x'.repeat(batch > 1 ? 200 : 0);

let n = 0;
while (n < count) {
  const size = Math.min(batch, count - n);
  const events = Array.from({ length: size }, (_, index) => ({ stream: `test:${writer}`, type: 'APPENDED', data: { writer, n: n + index, padding } }));
  journal.append(events, { lockTimeoutMs: 60_000 });
  if (n === 0) process.stdout.write('ready\n');
  n += size;
}
