/**
 * The machine's file system refusing a write: a supabase/ folder on a read-only mount, a full disk
 * under supabase/.temp (a tiny tmpfs), a read-only native data folder. Each is one line naming the
 * path, one saying what to do, exit 1 and no crash report; the database and the journal are left
 * as they were, and once the disk is writable again the next command works and finds nothing
 * unfinished. Real mounts (root only: the suite is skipped where mount is not allowed, and fails under CI=true).
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BIN } from '../helpers/run-cli.js';
import { cliProject, databaseState, unsettled, type CliProject, type CliRun } from '../integration/support/cli-project.js';

/** Mounts made by a case, unmounted (last first) after it whatever happened. */
const mounts: string[] = [];
const mount = (...args: string[]) => {
  execFileSync('mount', args, { stdio: 'pipe' });
  mounts.push(args.at(-1)!);
};
const readOnlyBind = (folder: string) => {
  mount('--bind', folder, folder);
  execFileSync('mount', ['-o', 'remount,ro,bind', folder], { stdio: 'pipe' });
};

/** Progress lines a command may print before it meets the file system. */
const PROGRESS = /^(Connecting to local database|Resetting local database|Recreating database|Applying migration .*|Seeding data .*|Starting database|Initialising .*)(\.\.\.)?$/;

/** The one failure line and its suggestion, after checking there is nothing else (no trace, no report). */
function failure(run: CliRun, tickets: string): [string, string] {
  assert.equal(run.code, 1, `${run.stdout}${run.stderr}`);
  assert.doesNotMatch(run.stderr, /unexpected error|crash report|^\s+at .*:\d+:\d+\)?$/m, run.stderr);
  assert.deepEqual(readdirSync(tickets), [], 'a crash report was written');
  const lines = run.stderr.split('\n').filter((line) => line !== '' && !PROGRESS.test(line));
  assert.equal(lines.length, 2, run.stderr);
  return [lines[0]!, lines[1]!];
}

/** Every line of the journal is a whole event: nothing torn or half-written. */
function assertJournalWhole(root: string): void {
  const text = readFileSync(path.join(root, 'supabase', '.temp', 'events.jsonl'), 'utf8');
  assert.ok(text.endsWith('\n'), 'the journal ends in a torn line');
  const seqs = text.trimEnd().split('\n').map((line) => (JSON.parse(line) as { seq: number }).seq);
  assert.deepEqual(seqs, seqs.map((_, index) => seqs[0]! + index), 'sequence numbers have gaps');
}

describe('a full disk or a read-only folder is one line naming the place', function () {
  this.timeout(300_000);
  let project: CliProject;
  let tickets: string;

  before(async function () {
    const probe = mkdtempSync(path.join(tmpdir(), 'mount-probe-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'pipe' });
      execFileSync('umount', [probe]);
    } catch (error) {
      // CI runs as root, where mounting works: a CI run that cannot mount must say so, not pass.
      if (process.env.CI) throw new Error(`these tests need to mount a tmpfs (run as root): ${String(error)}`);
      this.skip();
    } finally {
      rmSync(probe, { recursive: true, force: true });
    }
    project = await cliProject('fs-failures');
    tickets = project.env.SUPABASE_TICKET_DIR!;
    mkdirSync(tickets, { recursive: true });
    const start = project.run(['start']);
    assert.equal(start.code, 0, start.stderr);
  });
  afterEach(() => {
    while (mounts.length > 0) spawnSync('umount', [mounts.pop()!]);
  });
  after(() => project?.dispose());

  it('migration new in a read-only supabase/ folder names the file and the fix, and writes nothing', () => {
    readOnlyBind(path.join(project.root, 'supabase'));
    const [line, fix] = failure(project.run(['migration', 'new', 'x']), tickets);
    assert.match(line, /^open \/.*\/supabase\/migrations\/\d{14}_x\.sql: read-only file system$/);
    assert.match(fix, /\/supabase\/migrations is on a read-only file system: make it writable/);
  });

  it('db reset and migration up in a read-only supabase/ folder change nothing, and work once it is writable', async () => {
    writeFileSync(path.join(project.root, 'supabase', 'migrations', '20240103000000_three.sql'), 'create table public.three (id int primary key);\n');
    const before = await databaseState(project.url);
    readOnlyBind(path.join(project.root, 'supabase'));
    for (const args of [['db', 'reset'], ['migration', 'up']]) {
      const [line] = failure(project.run(args), tickets);
      assert.match(line, /^\w+ \/.*\/supabase\/\.temp\/\S+: read-only file system$/, args.join(' '));
      assert.deepEqual(await databaseState(project.url), before, `supabase ${args.join(' ')} changed the database`);
    }
    spawnSync('umount', [mounts.pop()!]);
    const up = project.run(['migration', 'up']);
    assert.equal(up.code, 0, up.stderr);
    assert.ok((await databaseState(project.url)).tables.includes('three'));
    assert.deepEqual(unsettled(project.root), []);
    assertJournalWhole(project.root);
  });

  it('db reset on a full disk names the journal and the fix; the journal stays whole and the next reset works', async () => {
    const temp = path.join(project.root, 'supabase', '.temp');
    const saved = mkdtempSync(path.join(tmpdir(), 'fs-failures-temp-'));
    cpSync(temp, saved, { recursive: true });
    mount('-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', temp);
    cpSync(saved, temp, { recursive: true });
    rmSync(saved, { recursive: true, force: true });
    const free = () => { const info = statfsSync(temp); return info.bavail * info.bsize; };
    const locks = () => readdirSync(temp).filter((name) => name.endsWith('.lock'));
    // Not a page left: the command's first lock file cannot be written, and must not stay behind
    // empty (every later command would wait for it to go stale).
    writeFileSync(path.join(temp, 'filler'), Buffer.alloc(free()));
    const [locked] = failure(project.run(['db', 'reset']), tickets);
    assert.match(locked, /^write \/.*\/supabase\/\.temp\/\S+\.lock: no space left on device$/);
    assert.deepEqual(locks(), []);
    // Two pages, one for a lock file and one for the journal: a reset's journal lines need more.
    rmSync(path.join(temp, 'filler'));
    writeFileSync(path.join(temp, 'filler'), Buffer.alloc(Math.max(0, free() - 8192)));
    const [line, fix] = failure(project.run(['db', 'reset']), tickets);
    assert.deepEqual(locks(), []);
    assert.match(line, /^write \/.*\/supabase\/\.temp\/events\.jsonl: no space left on device$/);
    assert.match(fix, /^Free some space on the disk that holds \/.*\/supabase\/\.temp, then run the command again\.$/);
    assertJournalWhole(project.root);
    rmSync(path.join(temp, 'filler'));
    const reset = project.run(['db', 'reset']);
    assert.equal(reset.code, 0, reset.stderr);
    assert.deepEqual(unsettled(project.root), []);
    assertJournalWhole(project.root);
    const state = await databaseState(project.url);
    assert.ok(state.seeded && state.tables.includes('one'), JSON.stringify(state));
  });

  it('start with a read-only native data folder names it and the fix', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'fs-failures-home-'));
    const fresh = mkdtempSync(path.join(tmpdir(), 'fs-failures-fresh-'));
    try {
      const env = { ...project.env, SUPABASE_NATIVE_HOME: home };
      assert.equal(spawnSync(process.execPath, [BIN, 'init'], { cwd: fresh, env }).status, 0);
      readOnlyBind(home);
      const run = spawnSync(process.execPath, [BIN, 'start'], { cwd: fresh, env, encoding: 'utf8', timeout: 120_000 });
      const [line, fix] = failure({ code: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr }, tickets);
      assert.ok(line.includes(home) && line.endsWith(': read-only file system'), line);
      assert.match(fix, /is on a read-only file system: make it writable/);
    } finally {
      while (mounts.length > 0) spawnSync('umount', [mounts.pop()!]);
      spawnSync(process.execPath, [BIN, 'stop', '--no-backup'], { cwd: fresh, env: { ...project.env, SUPABASE_NATIVE_HOME: home }, stdio: 'ignore' });
      rmSync(home, { recursive: true, force: true });
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
