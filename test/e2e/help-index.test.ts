import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildHelpIndex, type HelpIndex } from '../../cli/help/help-index.js';
import { allCommands } from '../../cli/registry/index.js';
import { VERSION } from '../../cli/version.js';
import { copyOfBin, runCli, runMain } from '../helpers/run-cli.js';

const INDEX = fileURLToPath(new URL('../../dist/help-index.json', import.meta.url));

describe('--help from the build-time index', () => {
  it('dist/help-index.json is current: every page as the registry renders it now (run npm run build)', () => {
    const built = JSON.parse(readFileSync(INDEX, 'utf8')) as HelpIndex;
    assert.deepEqual(built, buildHelpIndex());
    assert.equal(Object.keys(built.commands).length, allCommands().length);
  });

  // bin/supabase.js and the index alone, without the rest of dist/: only the fast path can answer.
  let alone: string;
  before(() => {
    alone = mkdtempSync(path.join(tmpdir(), 'help-index-'));
    copyOfBin(alone);
    mkdirSync(path.join(alone, 'dist'));
    copyFileSync(INDEX, path.join(alone, 'dist', 'help-index.json'));
  });
  after(() => rmSync(alone, { recursive: true, force: true }));

  // Each case through the fast path alone, as the real binary, and through main(): all the same.
  const cases: string[][] = [
    ['--help'],
    ['-h'],
    ['db', '--help'],
    ['db', 'push', '--help'],
    ['--help', 'migration', 'new'],
    ['migration', 'new', 'add_table', '--help'],
    ['migrations', 'list', '-h'],
    ['db', 'not-a-command', 'push', '--help'],
    ['gen', 'types', 'typescript', '--help'],
    ['help', '--help'],
    ['fig-spec', '--help'],
    ['genFigSpec', '--help'],
    ['--help', '--help'],
  ];
  for (const args of cases) {
    it(`supabase ${args.join(' ')} prints what the full CLI prints`, async () => {
      const fast = spawnSync(process.execPath, [path.join(alone, 'bin', 'supabase.js'), ...args], { encoding: 'utf8' });
      assert.equal(fast.status, 0, fast.stderr);
      assert.equal(fast.stderr, '');
      const full = await runMain(args);
      assert.equal(fast.stdout, full.stdout);
      assert.match(fast.stdout, /Usage:/);
      assert.equal(runCli(args).stdout, full.stdout);
    });
  }

  it('answers --version and -v from the index alone, as the full CLI does', async () => {
    for (const flag of ['--version', '-v']) {
      const fast = spawnSync(process.execPath, [path.join(alone, 'bin', 'supabase.js'), flag], { encoding: 'utf8' });
      assert.equal(fast.status, 0, fast.stderr);
      assert.equal(fast.stdout, (await runMain([flag])).stdout);
      assert.equal(fast.stdout, `${VERSION}\n`);
    }
  });

  it('answers every command\'s --help, by its name and by each alias, as the full CLI does', async function () {
    this.timeout(300_000);
    // Completion requests (`__complete`) are the shell's, answered by the CLI, never by the index.
    const commands = allCommands().filter((command) => command.parent && command.spec.path !== '__complete');
    let checked = 0;
    for (const command of commands) {
      const words = command.spec.path.split(' ');
      const full = await runMain([...words, '--help']);
      assert.equal(full.code, 0, command.spec.path);
      for (const last of [words.at(-1) as string, ...(command.spec.aliases ?? [])]) {
        const args = [...words.slice(0, -1), last, '--help'];
        const fast = spawnSync(process.execPath, [path.join(alone, 'bin', 'supabase.js'), ...args], { encoding: 'utf8' });
        assert.equal(fast.status, 0, `${args.join(' ')}: ${fast.stderr}`);
        assert.equal(fast.stdout, full.stdout, `supabase ${args.join(' ')}`);
        checked += 1;
      }
    }
    assert.ok(checked > commands.length);
  });

  it('is not used once the CLI was compiled after it (tsc without npm run build): the CLI answers', () => {
    // The compiled CLI is the real one (linked); the index next to it says something it would not.
    const stale = mkdtempSync(path.join(tmpdir(), 'help-index-stale-'));
    try {
      copyOfBin(stale);
      mkdirSync(path.join(stale, 'dist'));
      symlinkSync(fileURLToPath(new URL('../../dist/cli', import.meta.url)), path.join(stale, 'dist', 'cli'));
      const index = path.join(stale, 'dist', 'help-index.json');
      const built = JSON.parse(readFileSync(INDEX, 'utf8')) as HelpIndex;
      built.commands[''].help = 'an old page\n';
      writeFileSync(index, JSON.stringify(built));
      const compiled = statSync(path.join(stale, 'dist', 'cli', 'main.js')).mtime;
      const help = () => spawnSync(process.execPath, [path.join(stale, 'bin', 'supabase.js'), '--help'], { encoding: 'utf8' }).stdout;
      utimesSync(index, compiled, new Date(compiled.getTime() - 1000));
      assert.match(help(), /^Supabase CLI 1\.145\.4\n/);
      utimesSync(index, compiled, new Date(compiled.getTime() + 1000));
      assert.equal(help(), 'an old page\n');
    } finally {
      rmSync(stale, { recursive: true, force: true });
    }
  });

  it('leaves command lines with other flags to the CLI, which still answers them', () => {
    const withFlag = runCli(['db', 'push', '--debug', '--help']);
    assert.equal(withFlag.code, 0);
    assert.match(withFlag.stdout, /supabase db push \[flags\]/);
    const notHelp = runCli(['db', 'push', '--help=false', '--db-url']);
    assert.equal(notHelp.code, 2);
    assert.match(notHelp.stderr, /flag needs an argument: --db-url/);
  });
});
