/**
 * The native Storage API through the gateway against its floors: a 100 MB object (BENCH_STORAGE_MB
 * changes it) uploaded and downloaded over loopback, each as a ratio to copying the same file
 * through user space on the same disk (every byte read and written once either way; the API adds
 * HTTP, the policies' check and the MD5 it records), and the p50 latency of downloading a small
 * object (1 KiB, one request at a time on a kept-alive connection) as a ratio to the gateway's own
 * health answer (the same HTTP round trip without Storage's work: its transaction and file).
 * Everything interleaved, round after round, so a busy moment weighs on both alike. Checks that the
 * bytes came back unchanged. Needs `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { GATEWAY_HEALTH_PATH } from '../tasks/api/gateway/gateway-health.js';
import { median, report } from './measure.js';
import { withPortsAround } from './project-ports.js';

const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'bench-storage-home-'));
chmodSync(home, 0o755);
const env = { ...process.env, SUPABASE_NATIVE_HOME: home, SUPABASE_RUNTIME: 'native' };
const megabytes = Number(process.env.BENCH_STORAGE_MB ?? 100);
const LARGE_ROUNDS = 3;
const SMALL_ROUNDS = 400;

function cli(folder: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: folder, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`supabase ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** A project whose global size limit takes the large object. */
function project(port: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'bench-storage-'));
  cli(folder, 'init');
  const config = join(folder, 'supabase', 'config.toml');
  const text = withPortsAround(readFileSync(config, 'utf8'), port).replace(/^file_size_limit = "50MiB"$/m, `file_size_limit = "${megabytes * 2}MiB"`);
  writeFileSync(config, text);
  return folder;
}

/** One request; the body streamed from `upload` or to `download`, when given. Resolves with its wall time in ms. */
function send(options: http.RequestOptions, files: { upload?: string; download?: string } = {}): Promise<number> {
  const began = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const request = http.request(options, (response) => {
      const done = () => {
        if ((response.statusCode ?? 500) >= 300) reject(new Error(`${options.method} ${options.path}: ${response.statusCode}`));
        else resolve(Number(process.hrtime.bigint() - began) / 1e6);
      };
      if (files.download) pipeline(response, createWriteStream(files.download)).then(done, reject);
      else response.resume().on('end', done);
    });
    request.on('error', reject);
    if (files.upload) pipeline(createReadStream(files.upload), request).catch(reject);
    else request.end();
  });
}

async function localCopy(from: string, to: string): Promise<number> {
  const began = process.hrtime.bigint();
  await pipeline(createReadStream(from), createWriteStream(to));
  const ms = Number(process.hrtime.bigint() - began) / 1e6;
  rmSync(to);
  return ms;
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const folder = project(26622);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
try {
  cli(folder, 'start');
  const status = JSON.parse(cli(folder, 'status', '-o', 'json')) as Record<string, string>;
  const port = Number(new URL(status.API_URL).port);
  const auth = { Authorization: `Bearer ${status.SERVICE_ROLE_KEY}`, apikey: status.SERVICE_ROLE_KEY };
  const base = { host: '127.0.0.1', port };
  const bucket = JSON.stringify({ id: 'bench', name: 'bench', public: false });
  await new Promise<void>((resolve, reject) => {
    const request = http.request({ ...base, method: 'POST', path: '/storage/v1/bucket', headers: { ...auth, 'Content-Type': 'application/json' } }, (response) => {
      response.resume().on('end', () => ((response.statusCode ?? 500) < 300 ? resolve() : reject(new Error(`create bucket: ${response.statusCode}`))));
    });
    request.end(bucket);
  });

  const source = join(folder, 'large.bin');
  const out = createWriteStream(source);
  for (let written = 0; written < megabytes; written++) out.write(randomBytes(1024 * 1024));
  await new Promise((resolve) => out.end(resolve));
  const size = statSync(source).size;
  const back = join(folder, 'back.bin');
  const large = { up: [] as number[], down: [] as number[], upFloor: [] as number[], downFloor: [] as number[] };
  for (let round = 0; round < LARGE_ROUNDS; round++) {
    large.upFloor.push(await localCopy(source, join(folder, 'floor.bin')));
    large.up.push(await send({ ...base, method: 'POST', path: '/storage/v1/object/bench/large.bin', headers: { ...auth, 'Content-Type': 'application/octet-stream', 'Content-Length': String(size), 'x-upsert': 'true' } }, { upload: source }));
    large.downFloor.push(await localCopy(source, join(folder, 'floor.bin')));
    large.down.push(await send({ ...base, method: 'GET', path: '/storage/v1/object/bench/large.bin', headers: auth }, { download: back }));
  }
  const same = (await sha256(source)) === (await sha256(back));

  await new Promise<void>((resolve, reject) => {
    const request = http.request({ ...base, method: 'POST', path: '/storage/v1/object/bench/small.txt', headers: { ...auth, 'Content-Type': 'text/plain' } }, (response) => {
      response.resume().on('end', () => ((response.statusCode ?? 500) < 300 ? resolve() : reject(new Error(`upload small: ${response.statusCode}`))));
    });
    request.end(randomBytes(512).toString('hex'));
  });
  const small = { storage: [] as number[], floor: [] as number[] };
  const smallDownload = () => send({ ...base, agent, method: 'GET', path: '/storage/v1/object/bench/small.txt', headers: auth });
  const health = () => send({ ...base, agent, method: 'GET', path: GATEWAY_HEALTH_PATH });
  for (let round = 0; round < 50; round++) await Promise.all([smallDownload(), health()]);
  for (let round = 0; round < SMALL_ROUNDS; round++) {
    small.storage.push(await smallDownload());
    small.floor.push(await health());
  }

  const throughput = (ms: number) => `${(megabytes / (ms / 1000)).toFixed(0)} MB/s`;
  for (const [name, runs, floors] of [['upload', large.up, large.upFloor], ['download', large.down, large.downFloor]] as const) {
    const [ms, floor] = [median(runs), median(floors)];
    report(`${megabytes} MB ${name} through the gateway (${throughput(ms)}; local copy ${floor.toFixed(0)} ms, ${throughput(floor)})`, ms, `ms = ${(ms / floor).toFixed(2)}x floor`);
  }
  console.log(`bytes unchanged after the round trip: ${same ? 'yes' : 'NO'}`);
  const [p50, floor50] = [median(small.storage), median(small.floor)];
  report(`1 KiB object download p50 (gateway health answer ${floor50.toFixed(2)} ms)`, p50, `ms = ${(p50 / floor50).toFixed(2)}x floor`);
} finally {
  agent.destroy();
  spawnSync(process.execPath, [bin, 'stop', '--no-backup'], { cwd: folder, env, stdio: 'ignore' });
  rmSync(folder, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}
