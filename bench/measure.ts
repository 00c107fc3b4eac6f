/** Small timing helpers shared by the bench scripts. They print figures; they never pass or fail. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Wall time of one synchronous run of a command, in milliseconds. */
export function timeCommand(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { stdio: 'ignore', ...options });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  return elapsed;
}

/** Median wall time over `runs` runs, after one warm-up run. */
export function medianOf(runs: number, run: () => number): number {
  run();
  return median(Array.from({ length: runs }, run));
}

/** Busy and total jiffies of all processors since boot (/proc/stat's first line). */
export function cpuJiffies(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the 4th and 5th fields.
  return { busy: total - fields[3] - fields[4], total };
}

/**
 * Waits until the machine is quiet: the page cache written out (`sync`), then less than 10% of its
 * processors busy over a 100 ms window, or 10 s at most. Commands leave work behind that nobody
 * waits for (a reset's next spare database and the REST schema reload it notifies, postgres-meta
 * loading after start, a server's checkpoint, and the kernel's writeback of the databases they
 * copied, some 30 s later); measured right after, the next command, a peer or the floor would pay
 * for it, whichever came next in the round. Called between any two measurements, it makes each one
 * start on an idle machine with nothing left to write.
 */
export function untilQuiet(): void {
  spawnSync('sync');
  const deadline = Date.now() + 10_000;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (Date.now() < deadline) {
    const before = cpuJiffies();
    Atomics.wait(pause, 0, 0, 100);
    const after = cpuJiffies();
    if (after.total > before.total && (after.busy - before.busy) / (after.total - before.total) < 0.1) return;
  }
}

/** Prints one figure as `name: value unit (budget ...)`. */
export function report(name: string, value: number, unit: string, budget?: string): void {
  console.log(`${name}: ${value.toFixed(1)} ${unit}${budget ? `  (budget: ${budget})` : ''}`);
}

/**
 * Samples of several measurements taken in turn, round after round (after one warm-up round), so
 * a busy moment of the machine weighs on every figure alike; each starts once the machine is quiet
 * (untilQuiet), so that none pays for what the one before it left running.
 */
export function interleaved(runs: number, measurements: Record<string, (round: number) => number>): Record<string, number[]> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(measurements).map((name) => [name, []]));
  for (let round = -1; round < runs; round++) {
    for (const [name, measure] of Object.entries(measurements)) {
      untilQuiet();
      const value = measure(Math.max(round, 0));
      if (round >= 0) samples[name].push(value);
    }
  }
  return samples;
}

/** Prints the median of each sample as a ratio to the floor's median. */
export function reportRatios(floorName: string, samples: Record<string, number[]>, unit: string, budgets: Record<string, string> = {}): void {
  const floor = median(samples[floorName]);
  report(`${floorName} (floor, median of ${samples[floorName].length})`, floor, unit);
  for (const [name, values] of Object.entries(samples)) {
    if (name === floorName) continue;
    const value = median(values);
    report(name, value, `${unit} = ${(value / floor).toFixed(2)}x floor`, budgets[name]);
  }
}

/**
 * The root of a built copy of an earlier commit (BENCH_BEFORE, e.g. `git archive main` extracted
 * and built), whose figures the scripts take in the same rounds as the current ones and label
 * "(before)". Unset: only the current checkout is measured.
 */
export const beforeRoot: string | undefined = process.env.BENCH_BEFORE || undefined;
