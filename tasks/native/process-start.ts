/**
 * When a process started, read from /proc on Linux: its start in clock ticks after boot, set
 * against the uptime now (both to 10 ms). A pid alone can be reused once its process is gone;
 * with its start, "the process that opened this session" and "a process with that pid now" can
 * be told apart.
 */
import { readFileSync } from 'node:fs';

/** USER_HZ: the unit of /proc's tick counts, 100 on every Linux. */
const TICKS_PER_SECOND = 100;

/** The process's start time, or undefined when it is gone or this is not Linux. */
export function processStartTime(pid: number): Date | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the fields after the parenthesized command name begin with field 3.
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
    if (!Number.isFinite(ticks) || !Number.isFinite(uptime)) return undefined;
    return new Date(Date.now() - (uptime - ticks / TICKS_PER_SECOND) * 1000);
  } catch {
    return undefined;
  }
}
