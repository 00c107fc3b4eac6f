/** Tests that drive a system command: under CI it must be installed (fail), locally a missing one skips the suite. */
import { execFileSync } from 'node:child_process';

/** Skips the calling suite, or fails under CI, when `command --version`-style probing fails; `install` says how to get it. */
export function requireCommand(context: Mocha.Context, command: string, probe: string[], install: string): void {
  try {
    execFileSync(command, probe, { stdio: 'ignore' });
  } catch {
    if (process.env.CI) throw new Error(`${command} is not installed: ${install}`);
    context.skip();
  }
}
