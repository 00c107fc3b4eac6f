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
