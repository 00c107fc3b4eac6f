import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JournalEvent, NewEvent } from '../../machines/journal/journal-event.js';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { runCli } from '../helpers/run-cli.js';

/**
 * One garbage line in the middle of a project's journal, through the real binary: the first
 * command that meets it sets it aside and says so in one warning naming its line in the file
 * (the replay cache covers the lines before it, and the line is not counted from there), every
 * command goes on as it would, and none names it again.
 */
describe('a damaged line in the middle of the journal', function () {
  this.timeout(60_000);
  let folder: string;
  let home: string;
  let env: NodeJS.ProcessEnv;
  let journal: JournalStore;

  before(() => {
    home = mkdtempSync(join(tmpdir(), 'journal-damaged-home-'));
    chmodSync(home, 0o755);
    env = { SUPABASE_NATIVE_HOME: home };
    folder = mkdtempSync(join(tmpdir(), 'journal-damaged-'));
    assert.equal(runCli(['init'], { cwd: folder, env }).code, 0);
    journal = JournalStore.forProject(folder);
  });
  after(() => {
    rmSync(folder, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  const healthy = (count: number) =>
    journal.append(Array.from({ length: count }, (_, index): NewEvent => ({ stream: 'stack', type: 'SERVICE_HEALTHY', data: { service: ['db', 'auth', 'rest'][index % 3] } })));

  it('is set aside by the first command, named once by its line in the file, and every command goes on', () => {
    journal.append([{ stream: 'stack', type: 'START', data: { ignoreHealthCheck: false } }]);
    healthy(599);
    const status = runCli(['status'], { cwd: folder, env });
    assert.equal(status.code, 1);
    assert.ok(existsSync(journal.paths.snapshot), 'the replay cache covers the first 600 lines');
    healthy(100);
    const lines = readFileSync(journal.paths.journal, 'utf8').split('\n');
    lines[649] = lines[649].replace('"seq":', '"seq":"');
    writeFileSync(journal.paths.journal, lines.join('\n'));

    const first = runCli(['status'], { cwd: folder, env });
    assert.equal(first.code, status.code, first.stderr);
    const warnings = first.stderr.split('\n').filter((line) => line.startsWith('Warning:'));
    assert.equal(warnings.length, 1, first.stderr);
    assert.match(warnings[0], new RegExp(`^Warning: line 650 of ${journal.paths.journal} is not an event \\(.+\\); set aside in ${journal.paths.damaged}\\.`));
    assert.equal(first.stderr.replace(`${warnings[0]}\n`, ''), status.stderr, 'then it says what it said before');
    assert.doesNotMatch(first.stderr, /unexpected error/);

    const stop = runCli(['stop'], { cwd: folder, env });
    assert.equal(stop.code, 0, stop.stderr);
    assert.doesNotMatch(stop.stderr, /Warning:/);
    const listed = runCli(['events', '-o', 'json'], { cwd: folder, env });
    assert.equal(listed.code, 0, listed.stderr);
    assert.equal(listed.stderr, '');
    const seqs = (JSON.parse(listed.stdout) as JournalEvent[]).map((event) => event.seq);
    assert.deepEqual(seqs.slice(0, 700), [...Array.from({ length: 649 }, (_, index) => index + 1), ...Array.from({ length: 51 }, (_, index) => index + 651)]);
    const aside = readFileSync(journal.paths.damaged, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { line: number; text: string });
    assert.deepEqual(aside.map((line) => [line.line, line.text]), [[650, lines[649]]]);
  });
});
