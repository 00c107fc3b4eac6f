/**
 * `--env-file` reaches the CLI. Node 20 takes `--env-file` anywhere on its command line for its own
 * option, and exited (9, `node: <file>: not found`) before the CLI ran when the file was missing;
 * bin/supabase.js's first line ends Node's options with `--`. Run here as a user runs it: the file
 * itself, through that first line.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BIN } from '../helpers/run-cli.js';

describe('--env-file on the command line', () => {
  let folder: string;
  beforeEach(() => (folder = mkdtempSync(path.join(tmpdir(), 'env-file-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  /** Runs bin/supabase.js as an executable, with this Node first on PATH for its `env`. */
  const run = (args: string[]) =>
    spawnSync(BIN, args, {
      cwd: folder,
      encoding: 'utf8',
      input: '',
      timeout: 60_000,
      env: {
        ...process.env,
        PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
        HOME: folder,
        SUPABASE_DEBUG: '',
        SUPABASE_ACCESS_TOKEN: `sbp_${'0'.repeat(40)}`,
        // Nothing may be sent: the file is read first. A closed port would say so if it were.
        SUPABASE_INTERNAL_API_HOST: 'http://127.0.0.1:9',
      },
    });

  it('secrets set: a missing file gets the original message from the CLI, not an exit of Node', () => {
    const missing = path.join(folder, 'missing.env');
    const result = run(['secrets', 'set', '--env-file', missing, '--project-ref', 'abcdefghijklmnopqrst']);
    assert.equal(result.stderr, `open ${missing}: no such file or directory\nCheck the path given to --env-file.\n`);
    assert.equal(result.status, 1);
  });

  it('functions serve: the CLI, not Node, answers', () => {
    const result = run(['functions', 'serve', '--env-file=missing.env']);
    assert.doesNotMatch(result.stderr, /^node:/);
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /supabase init/);
  });
});
