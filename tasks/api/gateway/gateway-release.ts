/**
 * The gateway's wait for the CLI's go-ahead (gateway-settings.ts `release`): launched beside a
 * database that is still starting, it has loaded its modules by now and must not connect before
 * the CLI says the database is set up. The signal is a file, so that it cannot be lost whatever the
 * order in which the two processes get there; a CLI killed before writing it would leave the
 * gateway waiting forever, so its pid is watched too.
 */
import { existsSync } from 'node:fs';

const POLL_MS = 5;
/** How often the launching CLI is checked for (a signal 0 costs little, but not every 5 ms). */
const PARENT_CHECK_EVERY = 100;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but is another user's (a CLI run under sudo, say).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Resolves once `file` exists; rejects when `parentPid` has exited without writing it. */
export async function waitForRelease(release: { file: string; parentPid: number }): Promise<void> {
  for (let polls = 0; ; polls += 1) {
    if (existsSync(release.file)) return;
    if (polls % PARENT_CHECK_EVERY === 0 && !alive(release.parentPid)) {
      // The CLI may have written it just before it ended.
      if (existsSync(release.file)) return;
      throw new Error(`the command that launched the gateway (pid ${release.parentPid}) ended before the database was ready`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
