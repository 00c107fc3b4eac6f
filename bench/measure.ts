/** Small timing helpers shared by the bench scripts. They print figures; they never pass or fail. */
import { spawnSync } from 'node:child_process';

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

/** Prints one figure as `name: value unit (budget ...)`. */
export function report(name: string, value: number, unit: string, budget?: string): void {
  console.log(`${name}: ${value.toFixed(1)} ${unit}${budget ? `  (budget: ${budget})` : ''}`);
}

/**
 * Samples of several measurements taken in turn, round after round (after one warm-up round), so
 * a busy moment of the machine weighs on every figure alike.
 */
export function interleaved(runs: number, measurements: Record<string, (round: number) => number>): Record<string, number[]> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(measurements).map((name) => [name, []]));
  for (let round = -1; round < runs; round++) {
    for (const [name, measure] of Object.entries(measurements)) {
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
