import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JournalEvent, NewEvent } from '../../machines/journal/journal-event.js';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { BIN, runCli } from '../helpers/run-cli.js';

/**
 * `supabase events` through the real binary, over a journal the real CLI wrote: two `start`s that
 * fail on a database port already taken (they record events without needing PostgreSQL), then,
 * for the long cases, many more events appended by the same journal writer the CLI uses.
 */
describe('supabase events streams a real journal', function () {
  this.timeout(60_000);
  let folder: string;
  let home: string;
  let server: Server;
  let env: NodeJS.ProcessEnv;
  let journalFile: string;
  const stored = () => readFileSync(journalFile, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as JournalEvent);
  // As runCli, with room for the long listings (spawnSync keeps 1 MiB of output by default).
  const events = (args: string[]) => {
    const run = spawnSync(process.execPath, [BIN, 'events', ...args], { cwd: folder, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  };
  const json = (...args: string[]) => {
    const run = events(['-o', 'json', ...args]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    return JSON.parse(run.stdout) as JournalEvent[];
  };

  before(async () => {
    home = mkdtempSync(join(tmpdir(), 'events-home-'));
    chmodSync(home, 0o755);
    env = { SUPABASE_NATIVE_HOME: home };
    folder = mkdtempSync(join(tmpdir(), 'events-stream-'));
    assert.equal(runCli(['init'], { cwd: folder, env }).code, 0);
    server = await new Promise<Server>((resolve) => {
      const listening = createServer().listen(0, '127.0.0.1', () => resolve(listening));
    });
    const port = (server.address() as { port: number }).port;
    const config = join(folder, 'supabase', 'config.toml');
    writeFileSync(config, readFileSync(config, 'utf8').replace(/^port = 54322$/m, `port = ${port}`));
    for (let attempt = 0; attempt < 2; attempt++) assert.equal(runCli(['start'], { cwd: folder, env }).code, 1);
    journalFile = join(folder, 'supabase', '.temp', 'events.jsonl');
  });
  after(() => {
    server.close();
    rmSync(folder, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  it('-o json is every stored event, in order', () => {
    const all = stored();
    assert.ok(all.length >= 10);
    assert.ok(all.some((event) => event.stream === 'stack' && event.type === 'START_FAILED'));
    assert.deepEqual(json(), all);
  });

  it('--limit keeps the last N, --since the events after a sequence number or from a time, together or with --stream', () => {
    const all = stored();
    assert.deepEqual(json('--limit', '3'), all.slice(-3));
    assert.deepEqual(json('--limit', '0'), all);
    assert.deepEqual(json('--since', '5'), all.slice(5));
    assert.deepEqual(json('--since', '5', '--limit', '2'), all.slice(-2));
    assert.deepEqual(json('--since', String(all.length)), []);
    assert.deepEqual(json('--since', all[0].time), all);
    assert.deepEqual(json('--since', '1h'), all);
    assert.deepEqual(json('--stream', 'stack', '--limit', '1'), all.filter((event) => event.stream === 'stack').slice(-1));
    assert.deepEqual(json('--stream', 'branches', '--limit', '1'), []);
  });

  it('prints the table from the point asked for, or says nothing matched', () => {
    const all = stored();
    const run = runCli(['events', '--limit', '2'], { cwd: folder, env });
    assert.equal(run.code, 0);
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 4);
    assert.match(lines[0], /^ {2}SEQ \| TIME \(UTC\) +\| STREAM +\| EVENT +\| DATA$/);
    for (const [line, event] of [[lines[2], all.at(-2)!], [lines[3], all.at(-1)!]] as const) {
      assert.match(line, new RegExp(`^  ${event.seq} +\\| .* \\| ${event.stream} +\\| ${event.type} `));
    }
    const failed = runCli(['events', '--stream', 'stack'], { cwd: folder, env }).stdout;
    assert.match(failed, /\| stack +\| START_FAILED +\| error=failed to start database: port \d+ is already in use/);
    assert.equal(runCli(['events', '--since', '2099-01-01'], { cwd: folder, env }).stdout, 'No events recorded since 2099-01-01 00:00:00Z.\n');
    assert.equal(runCli(['events', '--stream', 'branches', '--since', '3'], { cwd: folder, env }).stdout, 'No events recorded for branches after event 3.\n');
  });

  it('refuses a bad --since or --limit as usage errors, exit 2', () => {
    const since = runCli(['events', '--since', 'last week'], { cwd: folder, env });
    assert.equal(since.code, 2);
    assert.match(since.stderr, /^invalid argument "last week" for "--since" flag: not a sequence number, a time or a duration\n/);
    assert.equal(since.stdout, '');
    const limit = runCli(['events', '--limit', '-1'], { cwd: folder, env });
    assert.equal(limit.code, 2);
    assert.match(limit.stderr, /invalid argument "-1" for "--limit" flag/);
  });

  describe('a journal longer than many read chunks', () => {
    before(() => {
      const journal = JournalStore.forProject(folder);
      const services = ['db', 'auth', 'rest', 'storage'];
      for (let batch = 0; batch < 12; batch++) {
        journal.append(
          Array.from({ length: 2500 }, (_, index): NewEvent => ({ stream: index % 5 ? 'stack' : 'migrations:local', type: 'SERVICE_HEALTHY', data: { service: services[index % 4], detail: 'ü'.repeat(index % 9) } })),
        );
      }
    });

    it('streams all of it as the one JSON array the stored lines make', () => {
      const all = stored();
      assert.ok(all.length > 30_000);
      assert.deepEqual(json(), all);
      assert.deepEqual(json('--stream', 'migrations', '--limit', '7'), all.filter((event) => event.stream === 'migrations:local').slice(-7));
      assert.deepEqual(json('--since', String(all.length - 1000)), all.slice(-1000));
    });

    it('ends quietly, exit 0, when the reader stops early (| head)', async () => {
      const child = spawn(process.execPath, [BIN, 'events'], { cwd: folder, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const first = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))));
      child.stdout.destroy();
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      assert.match(first, /^ {2}SEQ +\|/);
      assert.equal(stderr, '');
      assert.equal(code, 0);
    });

    it('a damaged line far down is left out and set aside, named once by its line number', () => {
      const lines = readFileSync(journalFile, 'utf8').split('\n');
      const damaged = 20_000;
      lines[damaged - 1] = lines[damaged - 1].replace('"seq":', '"seq":"');
      writeFileSync(journalFile, lines.join('\n'));
      const run = events(['-o', 'json']);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, new RegExp(`^Warning: line ${damaged} of ${journalFile} is not an event \\(.+\\); set aside in .*events\\.damaged\\.jsonl\\.[^\\n]*\\n$`));
      const printed = JSON.parse(run.stdout) as JournalEvent[];
      assert.equal(printed.length, lines.filter(Boolean).length - 1);
      assert.ok(!printed.some((event) => event.seq === damaged));
      // Set aside: the same listing again, without a word.
      const again = events(['-o', 'json']);
      assert.equal(again.stderr, '');
      assert.deepEqual(JSON.parse(again.stdout), printed);
      // A search by sequence passes over the gap the line left.
      assert.deepEqual(json('--since', String(damaged - 2)).slice(0, 3).map((event) => event.seq), [damaged - 1, damaged + 1, damaged + 2]);
      assert.equal(json('--since', String(damaged - 1))[0].seq, damaged + 1);
    });
  });
});
