import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildHelpIndex, type HelpIndex } from '../../cli/help/help-index.js';
import { allCommands } from '../../cli/registry/index.js';
import { BIN, runCli, runMain } from '../helpers/run-cli.js';

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
    mkdirSync(path.join(alone, 'bin'));
    mkdirSync(path.join(alone, 'dist'));
    copyFileSync(BIN, path.join(alone, 'bin', 'supabase.js'));
    copyFileSync(INDEX, path.join(alone, 'dist', 'help-index.json'));
    copyFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), path.join(alone, 'package.json'));
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

  it('leaves command lines with other flags to the CLI, which still answers them', () => {
    const withFlag = runCli(['db', 'push', '--debug', '--help']);
    assert.equal(withFlag.code, 0);
    assert.match(withFlag.stdout, /supabase db push \[flags\]/);
    const notHelp = runCli(['db', 'push', '--help=false', '--db-url']);
    assert.equal(notHelp.code, 2);
    assert.match(notHelp.stderr, /flag needs an argument: --db-url/);
  });
});
