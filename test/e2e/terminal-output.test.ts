/**
 * What a user sees in a real terminal (tmux, 100x40): progress lines under the task while it runs,
 * not dumped after it; a failed migration's error said once; Ctrl-C answered with one line. The
 * screen is read back with `tmux capture-pane`, so spinners and redraws count as the user sees them.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BIN } from '../helpers/run-cli.js';
import { requireCommand } from '../helpers/require-command.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';

describe('in a terminal: progress in place, errors once, Ctrl-C in one line', function () {
  this.timeout(180_000);
  let project: CliProject;
  // A server (socket) per screen: a server still shutting down must not meet the next session.
  let screens = 0;
  let socket = '';
  const tmux = (...args: string[]) => spawnSync('tmux', ['-L', socket, ...args], { encoding: 'utf8', env: project.env });

  before(async function () {
    requireCommand(this, 'tmux', ['-V'], 'install the Debian package tmux (.ci/run does)');
    project = await cliProject('terminal');
  });
  after(() => project?.dispose());

  /** Runs `supabase <args>` in a fresh 100x40 terminal; `during` acts on it while it runs; returns the screen and exit code. */
  async function onScreen(args: string[], during?: (screen: () => string) => Promise<void>): Promise<{ screen: string; code: number }> {
    socket = `supabase-terminal-test-${process.pid}-${++screens}`;
    // The shell ignores Ctrl-C itself (the CLI sets its own handler), so it lives to print the exit status.
    const command = `trap '' INT; cd ${project.root} && ${process.execPath} ${BIN} ${args.join(' ')}; echo "[exit $?]"; sleep 120`;
    const created = tmux('new-session', '-d', '-s', 'cli', '-x', '100', '-y', '40', command);
    assert.equal(created.status, 0, created.stderr);
    const screen = () => tmux('capture-pane', '-p', '-t', 'cli').stdout;
    try {
      if (during) await during(screen);
      for (const deadline = Date.now() + 120_000; !/\[exit \d+\]/.test(screen()); ) {
        assert.ok(Date.now() < deadline, `the command did not finish:\n${screen()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const text = screen();
      return { screen: text, code: Number(/\[exit (\d+)\]/.exec(text)![1]) };
    } finally {
      tmux('kill-server');
    }
  }

  it('a failing migration during start: its progress under the task, the error said once', async () => {
    assert.equal(project.run(['stop', '--no-backup']).code, 0);
    const broken = path.join(project.root, 'supabase', 'migrations', '20240105000000_broken.sql');
    writeFileSync(broken, 'create tablx broken (id int);\n');
    try {
      const { screen, code } = await onScreen(['start']);
      assert.equal(code, 1, screen);
      assert.equal(screen.match(/failed to apply migration 20240105000000_broken\.sql/g)?.length, 1, screen);
      const applying = screen.indexOf('Applying migration 20240101000000_one.sql');
      assert.ok(applying >= 0 && applying < screen.indexOf('failed to apply migration'), screen);
      assert.equal(screen.match(/Applying migration 20240101000000_one\.sql/g)?.length, 1, screen);
      assert.doesNotMatch(screen, /unexpected error|Unhandled|\n\s+at /);
    } finally {
      rmSync(broken, { force: true });
    }
  });

  it('Ctrl-C during a slow migration: one line, ended by SIGINT (exit 130)', async () => {
    const slow = path.join(project.root, 'supabase', 'migrations', '20240106000000_slow.sql');
    writeFileSync(slow, 'select pg_sleep(30);\n');
    try {
      assert.equal(project.run(['stop', '--no-backup']).code, 0);
      const { screen, code } = await onScreen(['start'], async (current) => {
        for (const deadline = Date.now() + 60_000; !current().includes('Applying migration 20240106000000_slow.sql'); ) {
          assert.ok(Date.now() < deadline, `the slow migration never started:\n${current()}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        tmux('send-keys', '-t', 'cli', 'C-c');
      });
      assert.equal(code, 130, screen);
      const lines = screen.split('\n').map((line) => line.trimEnd()).filter(Boolean);
      const exit = lines.findIndex((line) => line.startsWith('[exit'));
      // The interruption line (wrapped to the terminal's width) is what the command last printed.
      const said = lines.slice(0, exit).join(' ').replace(/\s+/g, ' ');
      assert.match(said, /Interrupted by SIGINT: supabase start stopped at "apply 20240106000000_slow\.sql"; the next supabase command cleans up after it\.$/);
      assert.doesNotMatch(screen, /unexpected error|failed to/);
    } finally {
      rmSync(slow, { force: true });
    }
  });

  it('db reset and test db in a terminal: a listr2 task per migration file, the seed and each pgTAP file', async () => {
    assert.equal(project.run(['start']).code, 0);
    const reset = await onScreen(['db', 'reset']);
    assert.equal(reset.code, 0, reset.screen);
    assert.match(reset.screen, /✔ Applying migration 20240101000000_one\.sql\.\.\./);
    assert.match(reset.screen, /✔ Seeding data supabase\/seed\.sql\.\.\./);
    assert.equal(reset.screen.match(/Applying migration 20240101000000_one\.sql/g)?.length, 1, reset.screen);
    assert.match(reset.screen, /Finished supabase db reset on branch/);
    const tests = path.join(project.root, 'supabase', 'tests');
    mkdirSync(tests, { recursive: true });
    writeFileSync(path.join(tests, 'seed_test.sql'), "begin; select plan(1); select is((select count(*) from public.one)::int, 1, 'seeded'); select * from finish(); rollback;\n");
    try {
      const tested = await onScreen(['test', 'db']);
      assert.equal(tested.code, 0, tested.screen);
      assert.match(tested.screen, /✔ pgTAP tests in seed_test\.sql: passed/);
      assert.match(tested.screen, /Result: PASS/);
    } finally {
      rmSync(tests, { recursive: true, force: true });
    }
  });
});
