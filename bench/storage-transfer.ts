/**
 * `storage cp` of one large file (500 MB; BENCH_STORAGE_MB changes it) up to the local Storage
 * API and down again, run as a user runs the CLI (its own process, the built dist/). Prints, for
 * each direction, the time as a ratio to copying the same file through user space on the same
 * disk (the physical floor: every byte is read and written once either way; the transfer adds
 * HTTP over loopback and the server's own work), and the CLI's peak resident memory as
 * a ratio to a `storage ls` run (the floor of loading the command at all): a streamed transfer
 * stays near 1x whatever the file's size. Checks that the bytes came back unchanged.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { BIN } from '../test/helpers/run-cli.js';
import { startStorageProject } from '../test/helpers/storage-project.js';

const megabytes = Number(process.env.BENCH_STORAGE_MB ?? 500);

/** Peak resident memory so far of a running process (kB), from the kernel's high-water mark. */
async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
}

/** Runs the CLI to completion; returns its wall time (ms) and peak RSS (MB), sampled every 20 ms. */
function measureCli(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ ms: number; rssMb: number }> {
  const began = performance.now();
  const child = spawn(process.execPath, [BIN, 'storage', ...args, '--experimental'], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let peak = 0;
  const sampler = setInterval(async () => (peak = Math.max(peak, await peakRss(child.pid!))), 20);
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      clearInterval(sampler);
      if (code !== 0) reject(new Error(`storage ${args.join(' ')} exited with ${code}: ${stderr}`));
      else resolve({ ms: performance.now() - began, rssMb: peak / 1024 });
    });
  });
}

async function writeRandomFile(file: string, bytes: number): Promise<void> {
  const out = createWriteStream(file);
  const chunk = 4 * 1024 * 1024;
  for (let written = 0; written < bytes; written += chunk) {
    if (!out.write(randomBytes(Math.min(chunk, bytes - written)))) await once(out, 'drain');
  }
  out.end();
  await finished(out);
}

/** Copies a file through user space, read and written once (ms); the copy is removed again. */
async function localCopy(from: string, to: string): Promise<number> {
  const began = performance.now();
  await pipeline(createReadStream(from), createWriteStream(to));
  const ms = performance.now() - began;
  await rm(to);
  return ms;
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const project = await startStorageProject();
try {
  const source = path.join(project.root, 'large.bin');
  await writeRandomFile(source, megabytes * 1024 * 1024);
  project.storage.store.createBucket('bench');

  // Interleaved: a local copy right before each direction, so both see the same machine load.
  const idle = await measureCli(['ls'], project.root, project.env);
  const upFloor = await localCopy(source, path.join(project.root, 'floor.bin'));
  const up = await measureCli(['cp', 'large.bin', 'ss:///bench/large.bin'], project.root, project.env);
  const downFloor = await localCopy(source, path.join(project.root, 'floor.bin'));
  const down = await measureCli(['cp', 'ss:///bench/large.bin', 'back.bin'], project.root, project.env);
  const same = (await sha256(source)) === (await sha256(path.join(project.root, 'back.bin')));

  const line = (name: string, run: { ms: number; rssMb: number }, floorMs: number) =>
    console.log(`${name}: ${(run.ms / 1000).toFixed(1)} s (${(megabytes / (run.ms / 1000)).toFixed(0)} MB/s, ${(run.ms / floorMs).toFixed(1)}x a local stream copy of ${(floorMs / 1000).toFixed(1)} s); ` +
      `peak RSS ${run.rssMb.toFixed(0)} MB (${(run.rssMb / idle.rssMb).toFixed(2)}x storage ls at ${idle.rssMb.toFixed(0)} MB)`);
  line(`storage cp upload, ${megabytes} MB`, up, upFloor);
  line(`storage cp download, ${megabytes} MB`, down, downFloor);
  console.log(`bytes unchanged after the round trip: ${same ? 'yes' : 'NO'}`);
  if (project.storage.violations.length) console.log(`Storage API violations: ${project.storage.violations.join('; ')}`);
} finally {
  await project.stop();
}
