/**
 * bin/cached-script.js: a bundle runs with the code cache its earlier runs trained, kept in the
 * user's cache folder. Each case runs real Node processes on a small bundle of the same shape as
 * ours, with XDG_CACHE_HOME pointing at a folder of the test's own.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LOADER = fileURLToPath(new URL('../../bin/cached-script.js', import.meta.url));
const WRITER = fileURLToPath(new URL('../../scripts/commonjs-bundle.js', import.meta.url));

/** A bundle as scripts/commonjs-bundle.js writes them, with functions compiled only when called. */
const BUNDLE = `(function (exports, require, module, __filename, __dirname, importExternal) {
  function square(n) { return n * n; }
  function sumOfSquares(n) { let total = 0; for (let i = 1; i <= n; i++) total += square(i); return total; }
  module.exports.answer = (n) => sumOfSquares(n);
  module.exports.importer = typeof importExternal;
})`;

describe('bin/cached-script.js (code caches trained by earlier runs)', () => {
  let root: string;
  let bundle: string;
  let folder: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cached-script-'));
    bundle = path.join(root, 'app-script.js');
    writeFileSync(bundle, BUNDLE);
    folder = path.join(root, 'xdg', 'supabase-cli-ts', 'code-cache');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** The program a test process runs: loads the bundle for `purpose` and prints what it exports. */
  const program = (purpose: string, extra = '') =>
    `const { loadCachedScript } = require(${JSON.stringify(LOADER)});
const bundle = loadCachedScript(${JSON.stringify(bundle)}, { purpose: ${JSON.stringify(purpose)}, importExternal: (s) => import(s)${extra} });
process.stdout.write(bundle.answer(3) + ' ' + bundle.importer);`;
  const env = () => ({ PATH: process.env.PATH, HOME: root, XDG_CACHE_HOME: path.join(root, 'xdg') });
  const run = (purpose: string) => {
    const result = spawnSync(process.execPath, ['-e', program(purpose)], { encoding: 'utf8', env: env() });
    assert.equal(result.stderr, '');
    assert.equal(result.status, 0);
    assert.equal(result.stdout, '14 function');
  };
  const caches = () => (existsSync(folder) ? readdirSync(folder) : []);
  /** The name among `names` that is this bundle's cache. */
  const trainedFileOf = (names: string[]) => names.find((name) => name.startsWith('app-script-'))!;
  /** The one trained cache: its file, purposes and size. */
  const trained = () => {
    const names = caches();
    assert.equal(names.length, 1, names.join(', '));
    const file = path.join(folder, names[0]);
    const bytes = readFileSync(file);
    const headerLength = bytes.readUInt32LE(0);
    return { file, purposes: JSON.parse(bytes.subarray(4, 4 + headerLength).toString('utf8')).purposes as string[], stat: statSync(file) };
  };

  it('writes a cache at exit, private to the user, named after the bundle', () => {
    run('db reset');
    const cache = trained();
    assert.match(path.basename(cache.file), /^app-script-[0-9a-f]{16}-[0-9a-f]{16}\.v8cache$/);
    assert.deepEqual(cache.purposes, ['db reset']);
    assert.equal(cache.stat.mode & 0o777, 0o600);
    assert.equal(statSync(folder).mode & 0o777, 0o700);
    assert.equal(statSync(path.dirname(folder)).mode & 0o777, 0o700);
  });

  it('runs from that cache without writing it again for the same purpose, and adds a new purpose to it', () => {
    run('start');
    const first = trained();
    run('start');
    // V8 took the cache (a refused one is trained afresh) and the purpose was known: nothing written.
    assert.equal(trained().stat.mtimeMs, first.stat.mtimeMs);
    assert.equal(trained().stat.ino, first.stat.ino);
    run('status');
    const second = trained();
    assert.deepEqual(second.purposes, ['start', 'status']);
    assert.notEqual(second.stat.ino, first.stat.ino);
  });

  it('trains a new cache for a rebuilt bundle and removes the old one', () => {
    run('start');
    const old = trained().file;
    writeFileSync(bundle, BUNDLE.replace('n * n', 'n ** 2'));
    utimesSync(bundle, new Date(), new Date(Date.now() + 5000));
    run('start');
    const fresh = trained().file;
    assert.notEqual(fresh, old);
    assert.equal(existsSync(old), false);
  });

  it('when it writes, removes what in the folder has not been written for a month, and nothing newer', () => {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const gone = path.join(folder, 'other-script-0000000000000000-0000000000000000.v8cache');
    const left = path.join(folder, 'other-script-0000000000000000-0000000000000000.v8cache.123.tmp');
    const recent = path.join(folder, 'another-script-1111111111111111-1111111111111111.v8cache');
    for (const file of [gone, left, recent]) writeFileSync(file, 'x');
    const monthsAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    utimesSync(gone, monthsAgo, monthsAgo);
    utimesSync(left, monthsAgo, monthsAgo);
    run('start');
    assert.deepEqual(caches().sort(), [path.basename(recent), path.basename(trainedFileOf(caches()))].sort());
  });

  it('replaces a damaged cache, and runs all the same', () => {
    run('start');
    const cache = trained();
    writeFileSync(cache.file, Buffer.concat([readFileSync(cache.file).subarray(0, 40), Buffer.from('not a code cache')]));
    run('start');
    assert.deepEqual(trained().purposes, ['start']);
    assert.ok(trained().stat.size > 100);
    writeFileSync(cache.file, 'garbage');
    run('start');
    assert.deepEqual(trained().purposes, ['start']);
  });

  it('neither reads nor writes a folder that others may write to, or one inside such a folder', () => {
    mkdirSync(folder, { recursive: true });
    chmodSync(folder, 0o777);
    run('start');
    assert.deepEqual(caches(), []);
    chmodSync(folder, 0o700);
    chmodSync(path.dirname(folder), 0o777);
    run('start');
    assert.deepEqual(caches(), []);
  });

  it('in a process that keeps running, writes its cache after trainAfterMs', async () => {
    const child = spawn(process.execPath, ['-e', `${program('serve', ', trainAfterMs: 200')}; setInterval(() => {}, 1000);`], { env: env(), stdio: 'ignore' });
    try {
      const deadline = Date.now() + 10_000;
      while (caches().filter((name) => name.endsWith('.v8cache')).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(child.exitCode, null, 'still running');
      assert.deepEqual(trained().purposes, ['serve']);
    } finally {
      child.kill('SIGKILL');
    }
  });

  /** Runs the build's writeCachedScript on `code` (as esbuild would hand it over) into the test's bundle. */
  const write = (code: string) =>
    spawnSync(process.execPath, ['--input-type=module', '-e', `import { writeCachedScript } from ${JSON.stringify(WRITER)}; writeCachedScript(${JSON.stringify(bundle)}, ${JSON.stringify(code)});`], { encoding: 'utf8' });

  it('is handed bundles in ASCII alone: the build escapes what a license comment holds past it, and V8 takes the build cache of what the loader reads', () => {
    const result = write(`/*! pkg 1.0 | (c) H\u00e9ctor W\u00e4rting */\nmodule.exports.answer = (n) => n * n + 5; module.exports.importer = typeof importExternal; module.exports.word = "caf\\u00e9";`);
    assert.equal(result.status, 0, result.stderr);
    const bytes = readFileSync(bundle);
    assert.ok(bytes.every((byte) => byte < 0x80));
    assert.match(bytes.toString('latin1'), /H\\u00e9ctor W\\u00e4rting/);
    const check = spawnSync(process.execPath, ['-e', `const fs = require('fs'), vm = require('vm'); const s = new vm.Script(fs.readFileSync(${JSON.stringify(bundle)}).toString('latin1'), { filename: ${JSON.stringify(bundle)}, cachedData: fs.readFileSync(${JSON.stringify(bundle.replace(/\.js$/, '.cache'))}) }); process.stdout.write(String(s.cachedDataRejected));`], { encoding: 'utf8' });
    assert.equal(check.stdout, 'false');
    const loaded = spawnSync(process.execPath, ['-e', `const b = require(${JSON.stringify(LOADER)}).loadCachedScript(${JSON.stringify(bundle)}, { purpose: 'x', importExternal: (s) => import(s) }); process.stdout.write(b.answer(3) + ' ' + b.word);`], { encoding: 'utf8', env: env() });
    assert.equal(loaded.stdout, '14 caf\u00e9');
  });

  it('fails the build, naming it, on a character past ASCII outside a comment', () => {
    const result = write('module.exports.word = "caf\u00e9";');
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /a bundle holds "\u00e9" outside a comment, at .*caf.*: bin\/cached-script\.js reads bundles as ASCII/);
    assert.equal(existsSync(bundle.replace(/\.js$/, '.cache')), false);
  });
});
