/**
 * Native `functions serve` through the CLI: the time from starting `supabase functions serve` to the
 * first 200 of a new function (router up, Deno process booted, handler answered), and the latency of
 * a warm function through the router against the same handler served by a bare Deno process
 * (`deno run` of the function file itself, the physical floor), measured interleaved.
 * Needs `npm run build` first.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { denoBinary } from '../tasks/functions/native/deno-binary.js';
import { freePort } from '../tasks/native/port-check.js';
import { median, report } from './measure.js';

const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'bench-functions-home-'));
chmodSync(home, 0o755);
const env = { ...process.env, SUPABASE_NATIVE_HOME: home, SUPABASE_RUNTIME: 'native' };
const ANON = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function cli(folder: string, ...args: string[]): void {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: folder, env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`supabase ${args.join(' ')} failed: ${result.stderr}`);
}

/** One POST on a kept-alive connection; resolves with the status and the wall time in ms. */
function post(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; ms: number }> {
  const began = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'Content-Type': 'application/json', ...headers } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: Number(process.hrtime.bigint() - began) / 1e6 }));
    });
    request.on('error', reject);
    request.end('{"name":"Functions"}');
  });
}

async function untilOk(port: number, path: string, headers: Record<string, string>, began: bigint): Promise<number> {
  for (;;) {
    const answer = await post(port, path, headers).catch(() => undefined);
    if (answer?.status === 200) return Number(process.hrtime.bigint() - began) / 1e6;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const folder = mkdtempSync(join(tmpdir(), 'bench-functions-'));
let serve: ChildProcess | undefined;
let bare: ChildProcess | undefined;
try {
  cli(folder, 'init');
  const [api, db, studio, barePort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const config = join(folder, 'supabase', 'config.toml');
  writeFileSync(config, readFileSync(config, 'utf8').replace(/^port = 54321$/m, `port = ${api}`).replace(/^port = 54322$/m, `port = ${db}`).replace(/^port = 54323$/m, `port = ${studio}`));
  cli(folder, 'functions', 'new', 'hello');
  cli(folder, 'start');

  // Warm Deno's own compile cache first, so the figure is serve's, not a first-ever run's.
  spawnSync(denoBinary(), ['check', '--no-config', join(folder, 'supabase/functions/hello/index.ts')], { stdio: 'ignore' });
  const began = process.hrtime.bigint();
  serve = spawn(process.execPath, [bin, 'functions', 'serve'], { cwd: folder, env, stdio: 'ignore' });
  const firstOk = await untilOk(api, '/functions/v1/hello', { Authorization: `Bearer ${ANON}` }, began);
  report('functions serve to first 200', firstOk, 'ms');

  // The floor: the same handler in a bare Deno process, Deno.serve on a port of its own.
  const wrapper = join(folder, 'bare.ts');
  writeFileSync(wrapper, `const serve = Deno.serve.bind(Deno);\nDeno.serve = (handler) => serve({ port: ${barePort}, hostname: '127.0.0.1' }, handler);\nawait import('./supabase/functions/hello/index.ts');\n`);
  bare = spawn(denoBinary(), ['run', '-A', '--no-config', wrapper], { stdio: 'ignore' });
  await untilOk(barePort, '/hello', {}, process.hrtime.bigint());

  const routed: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < 50; i++) {
    await post(api, '/functions/v1/hello', { Authorization: `Bearer ${ANON}` });
    await post(barePort, '/hello');
  }
  for (let i = 0; i < 500; i++) {
    routed.push((await post(api, '/functions/v1/hello', { Authorization: `Bearer ${ANON}` })).ms);
    floor.push((await post(barePort, '/hello')).ms);
  }
  const [r, f] = [median(routed), median(floor)];
  report('warm request through serve (median of 500)', r, 'ms');
  report('same handler in a bare Deno process (median of 500)', f, 'ms');
  console.log(`ratio: ${(r / f).toFixed(2)}x the bare Deno process`);
} finally {
  bare?.kill();
  if (serve) {
    serve.kill('SIGINT');
    await new Promise((resolve) => serve!.once('exit', resolve));
  }
  agent.destroy();
  spawnSync(process.execPath, [bin, 'stop', '--no-backup'], { cwd: folder, env, stdio: 'ignore' });
  rmSync(folder, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}
