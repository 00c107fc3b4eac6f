/**
 * `supabase events` over a 100,000-event journal, as whole CLI processes with output to /dev/null,
 * next to its floor: a Node process that reads the file and JSON.parses every line. Measured
 * interleaved: wall time and peak memory (GNU time's maximum resident set) of the whole listing
 * as JSON and as a table, of `--limit 20` and of `--since` the last 1,000; and the time to the
 * first byte of output, next to `node -e 0` (budget: first line under 100 ms, memory flat in the
 * number of events). Run with `npx tsx bench/events.ts` after `npm run build`; BENCH_EVENTS and
 * BENCH_RUNS change the sizes (defaults 100,000 and 7); BENCH_BEFORE adds an earlier build's
 * figures (see measure.ts). Needs /usr/bin/time (Debian's `time`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeJournal } from './journal-workload.js';
import { beforeRoot, interleaved, reportRatios } from './measure.js';

const total = Number(process.env.BENCH_EVENTS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 7);
const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const node = process.execPath;

/** Wall time (ms) and peak resident memory (MiB) of one run, output discarded. */
function timeAndMemory(args: string[], cwd: string): { ms: number; mib: number } {
  const start = process.hrtime.bigint();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', node, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited with ${run.status}: ${run.stderr}`);
  return { ms, mib: Number(run.stderr.trim().split('\n').at(-1)) / 1024 };
}

/** Milliseconds from spawning to the first byte on standard output; the rest is read and discarded. */
function firstByte(args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    let first: number | undefined;
    const child = spawn(node, args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.on('data', () => (first ??= Number(process.hrtime.bigint() - start) / 1e6));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 && first !== undefined ? resolve(first) : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

const project = mkdtempSync(path.join(tmpdir(), 'bench-events-'));
try {
  mkdirSync(path.join(project, 'supabase'));
  writeFileSync(path.join(project, 'supabase', 'config.toml'), 'project_id = "bench"\n');
  const { journal } = writeJournal(path.join(project, 'supabase', '.temp'), total);
  const file = journal.paths.journal;
  console.log(`journal: ${total.toLocaleString('en')} events, ${(journal.read().end / 1e6).toFixed(1)} MB`);

  const floorScript = `for (const line of require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8').split('\\n')) if (line) JSON.parse(line);`;
  const cases: Record<string, string[]> = {
    'read + JSON.parse of every line': ['-e', floorScript],
    'supabase events -o json': [bin, 'events', '-o', 'json'],
    'supabase events (table)': [bin, 'events'],
    'supabase events --limit 20': [bin, 'events', '--limit', '20'],
    [`supabase events --since ${total - 1000}`]: [bin, 'events', '--since', String(total - 1000)],
  };
  if (beforeRoot) {
    const before = path.join(beforeRoot, 'bin', 'supabase.js');
    cases['supabase events -o json (before)'] = [before, 'events', '-o', 'json'];
    cases['supabase events (table) (before)'] = [before, 'events'];
  }
  const memory: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  const wall = interleaved(
    runs,
    Object.fromEntries(
      Object.entries(cases).map(([name, args]) => [
        name,
        () => {
          const { ms, mib } = timeAndMemory(args, project);
          memory[name].push(mib);
          return ms;
        },
      ]),
    ),
  );
  console.log('\nwall time, whole process:');
  reportRatios('read + JSON.parse of every line', wall, 'ms');
  // The warm-up round is not in the wall times; it is taken off the memory figures too.
  for (const values of Object.values(memory)) values.shift();
  console.log('\npeak memory (maximum resident set):');
  reportRatios('read + JSON.parse of every line', memory, 'MiB');

  // Time to first output, async runs in turn (not through `interleaved`, which is synchronous).
  const first: Record<string, number[]> = { 'node -e "write x" (first byte)': [], 'supabase events: first byte': [], 'supabase events -o json: first byte': [] };
  for (let round = -1; round < runs; round++) {
    const zero = await firstByte(['-e', 'process.stdout.write("x")'], project);
    const table = await firstByte([bin, 'events'], project);
    const json = await firstByte([bin, 'events', '-o', 'json'], project);
    const beforeBin = beforeRoot && path.join(beforeRoot, 'bin', 'supabase.js');
    const before = beforeBin ? await firstByte([beforeBin, 'events'], project) : undefined;
    const beforeJson = beforeBin ? await firstByte([beforeBin, 'events', '-o', 'json'], project) : undefined;
    if (round < 0) continue;
    if (before !== undefined) (first['supabase events: first byte (before)'] ??= []).push(before);
    if (beforeJson !== undefined) (first['supabase events -o json: first byte (before)'] ??= []).push(beforeJson);
    first['node -e "write x" (first byte)'].push(zero);
    first['supabase events: first byte'].push(table);
    first['supabase events -o json: first byte'].push(json);
  }
  console.log('\nfirst output:');
  reportRatios('node -e "write x" (first byte)', first, 'ms', { 'supabase events: first byte': 'under 100 ms', 'supabase events -o json: first byte': 'under 100 ms' });
} finally {
  rmSync(project, { recursive: true, force: true });
}
