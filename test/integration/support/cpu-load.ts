/**
 * A load generator for the suites that must also pass on a busy machine: one busy-looping process
 * per core, so the CLI, PostgreSQL and the test compete for every core as on a loaded CI runner.
 * Each process ends by itself after `maxMs`, so a test run that dies cannot leave them spinning.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface CpuLoad {
  /** Ends every load process (a no-op for those that ended already). */
  stop(): void;
}

/** Starts `count` busy processes (one per core by default), each living at most `maxMs`. */
export function cpuLoad(maxMs: number, count = availableParallelism()): CpuLoad {
  const spinners: ChildProcess[] = [];
  for (let index = 0; index < count; index++) {
    spinners.push(spawn(process.execPath, ['-e', `const end = Date.now() + ${maxMs}; while (Date.now() < end);`], { stdio: 'ignore' }));
  }
  return {
    stop: () => {
      for (const spinner of spinners) if (spinner.exitCode === null && spinner.signalCode === null) spinner.kill('SIGKILL');
    },
  };
}
