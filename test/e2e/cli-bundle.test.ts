/**
 * How bin/supabase.js loads the CLI: the one-file bundle and its V8 code cache that `npm run
 * build` writes (scripts/bundle-cli.js), or the modules tsc wrote when tsc ran after the bundle
 * was made. Each case runs in a copy of bin/ beside the real dist/cli (linked), so the two paths
 * can be told apart by what answers.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyOfBin } from '../helpers/run-cli.js';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const realScript = path.join(dist, 'cli-script.js');

/** A bundle that answers every command line with one word, so a test sees that it ran. */
const FAKE_BUNDLE = `(function (exports, require, module, __filename, __dirname, importExternal) {
  module.exports.runFromProcess = async () => { process.stdout.write('the bundle answered\\n'); return 0; };
})`;

describe('the CLI bundle (dist/cli-script.js and its code cache)', () => {
  let copy: string;
  beforeEach(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'cli-bundle-'));
    copyOfBin(copy);
    mkdirSync(path.join(copy, 'dist'));
    symlinkSync(path.join(dist, 'cli'), path.join(copy, 'dist', 'cli'));
  });
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  const run = (...args: string[]) => spawnSync(process.execPath, [path.join(copy, 'bin', 'supabase.js'), ...args], { encoding: 'utf8', cwd: copy });

  it('is what answers when it is at least as new as what tsc wrote, and is left alone when older', () => {
    const script = path.join(copy, 'dist', 'cli-script.js');
    writeFileSync(script, FAKE_BUNDLE);
    const compiled = statSync(path.join(dist, 'cli', 'main.js')).mtime;

    utimesSync(script, compiled, new Date(compiled.getTime() + 1000));
    assert.equal(run('projects', 'list').stdout, 'the bundle answered\n');

    // tsc ran after the bundle was made: the modules it wrote answer (here: a usage error of the real CLI).
    utimesSync(script, compiled, new Date(compiled.getTime() - 1000));
    const stale = run('no-such-command');
    assert.equal(stale.status, 2);
    assert.match(stale.stderr, /unknown command "no-such-command" for "supabase"/);
  });

  it('runs the real bundle without its cache, and with a cache V8 refuses (another V8 or flags, or damaged)', () => {
    copyFileSync(realScript, path.join(copy, 'dist', 'cli-script.js'));
    for (const cache of [undefined, Buffer.from('not a code cache')]) {
      if (cache) writeFileSync(path.join(copy, 'dist', 'cli-script.cache'), cache);
      const result = run('no-such-command');
      assert.equal(result.status, 2, result.stderr);
      assert.match(result.stderr, /unknown command "no-such-command" for "supabase"/);
    }
  });

  it('carries meow, which reads the command line, so that no command imports it from node_modules', () => {
    const bundle = readFileSync(realScript, 'utf8');
    assert.match(bundle, /The `importMeta` option is required/);
    assert.doesNotMatch(bundle, /importExternal\("meow"\)/);
  });

  it('was written with a cache that V8 takes (the build and this Node are the same)', () => {
    const check = `const vm = require('node:vm'); const fs = require('node:fs');
const script = new vm.Script(fs.readFileSync(${JSON.stringify(realScript)}, 'utf8'), { filename: ${JSON.stringify(realScript)}, cachedData: fs.readFileSync(${JSON.stringify(path.join(dist, 'cli-script.cache'))}) });
process.stdout.write(String(script.cachedDataRejected));`;
    assert.equal(spawnSync(process.execPath, ['-e', check], { encoding: 'utf8' }).stdout, 'false');
  });
});
