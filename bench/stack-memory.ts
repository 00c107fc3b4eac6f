/**
 * The memory of a running native stack, process by process: every process the project's native
 * folder records (`*.pid.json` of each supervised service, postmaster.pid) and their descendants
 * (PostgreSQL's backends and auxiliary processes). Found by record rather than by command line,
 * since the mail catcher and postgres-meta carry no path of the folder in theirs.
 *
 * RSS counts a page in every process that maps it: the node binary (about 37 MiB) in each Node
 * process, PostgreSQL's binary, libraries and shared memory in each backend. PSS splits each shared
 * page among its mappers, so the PSS sum is what the stack really occupies; both are reported.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';

/** One process of the stack, its memory in MiB. */
export interface ProcessMemory {
  pid: number;
  label: string;
  rss: number;
  pss: number;
}

/** The processes the native folder `root` records, with their descendants (those alive). */
function stackPids(root: string): Set<number> {
  const pids = new Set<number>();
  for (const name of readdirSync(root).filter((file) => file.endsWith('.pid.json'))) {
    const pid = (JSON.parse(readFileSync(join(root, name), 'utf8')) as { pid?: number }).pid;
    if (pid) pids.add(pid);
  }
  const postmaster = join(root, 'data', 'postmaster.pid');
  if (existsSync(postmaster)) pids.add(Number(readFileSync(postmaster, 'utf8').split('\n')[0]));
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Ended while listed.
    }
  }
  // Children of children too (none today, but a service may fork).
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!pids.has(pid) && pids.has(parent)) {
        pids.add(pid);
        grew = true;
      }
    }
  }
  return new Set([...pids].filter((pid) => parents.has(pid)));
}

/** A short name: a backend's title (`postgres: authenticator ... idle`), else node's entry file. */
function labelOf(pid: number): string {
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  if (argv.length === 1) return argv[0].replace(/127\.0\.0\.1\(\d+\) /, '');
  const entry = argv.find((arg) => /\.([cm]?js|ts)$/.test(arg));
  if (entry) return `node ${entry.split('/').slice(-2).join('/')}`;
  return argv[0].split('/').at(-1) ?? String(pid);
}

/** Every process of the stack in the native folder `root`, largest RSS first. */
export function stackMemory(root: string): ProcessMemory[] {
  const rows: ProcessMemory[] = [];
  for (const pid of stackPids(root)) {
    try {
      const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      const pss = Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
      rows.push({ pid, label: labelOf(pid), rss, pss });
    } catch {
      // Gone in between (a backend that ended).
    }
  }
  return rows.sort((a, b) => b.rss - a.rss);
}

/** Prints the rows and their sums; returns the sums. */
export function printStackMemory(title: string, rows: ProcessMemory[]): { rss: number; pss: number } {
  const rss = rows.reduce((sum, row) => sum + row.rss, 0);
  const pss = rows.reduce((sum, row) => sum + row.pss, 0);
  console.log(`\n${title}: RSS ${rss.toFixed(1)} MiB, PSS ${pss.toFixed(1)} MiB, ${rows.length} processes`);
  for (const row of rows) console.log(`  ${row.rss.toFixed(1).padStart(6)} ${row.pss.toFixed(1).padStart(6)}  ${row.label}`);
  return { rss, pss };
}

/**
 * Waits until postgres-meta, which `start` launches last and does not wait for, answers at the
 * address its record gives: only then does the stack hold all it will hold.
 */
export async function untilPgMetaAnswers(root: string, timeoutMs = 20_000): Promise<void> {
  const record = join(root, 'pg-meta.pid.json');
  if (!existsSync(record)) return;
  const { url } = JSON.parse(readFileSync(record, 'utf8')) as { url: string };
  const answers = () => new Promise<boolean>((resolve) => get(url, (response) => resolve(response.resume() && response.statusCode === 200)).on('error', () => resolve(false)));
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (await answers()) return;
  }
  throw new Error(`postgres-meta did not answer at ${url} within ${timeoutMs} ms`);
}
