/**
 * A fault-injection point at every step boundary, for the recovery tests: each journal append of
 * a command's run (a step recorded before or after it runs, an outcome, a recovery) counts as one
 * boundary. `SUPABASE_INTERNAL_FAULT` (unset for users, so this costs one lookup) picks a fault:
 *
 * - `kill-after:N`: the process kills itself with SIGKILL right after its N-th boundary, as a
 *   `kill -9` would at exactly that point;
 * - `pause-after:N:<file>`: after the N-th boundary it writes `<file>.paused` (holding its pid) and
 *   waits until `<file>` exists, so a test can run a second command at a known point.
 */
import { existsSync, writeFileSync } from 'node:fs';

const FAULT = /^(kill|pause)-after:(\d+)(?::(.+))?$/;
const sleeper = new Int32Array(new SharedArrayBuffer(4));
let boundaries = 0;

/** Called after every step boundary; a no-op unless SUPABASE_INTERNAL_FAULT asks for a fault here. */
export function atStepBoundary(): void {
  const spec = process.env.SUPABASE_INTERNAL_FAULT;
  if (!spec) return;
  boundaries += 1;
  const match = FAULT.exec(spec);
  if (!match || Number(match[2]) !== boundaries) return;
  if (match[1] === 'kill') process.kill(process.pid, 'SIGKILL');
  const release = match[3];
  if (!release) return;
  writeFileSync(`${release}.paused`, String(process.pid));
  // Blocking on purpose: the point is that nothing else of this command runs meanwhile.
  while (!existsSync(release)) Atomics.wait(sleeper, 0, 0, 20);
}
