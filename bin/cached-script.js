// Loads one of our bundles (scripts/commonjs-bundle.js: a single function expression) with the
// best V8 code cache there is for it, and leaves a better one behind once the process has run.
//
// The build writes `<name>.cache` beside each bundle: what V8 compiled before running anything,
// the top level alone. Every function a command calls is then compiled at its first call, on
// every run: some 20 ms of the CLI's way to launching the stack, and some 35 ms of the gateway's
// way to listening. V8 can serialise what it has compiled while running (createCachedData after
// the fact), so a process that has run leaves such a "trained" cache in the user's cache folder,
// and later processes load it instead of the build's. Node 22 does the same for the modules it
// loads (module.enableCompileCache); Node 20 has nothing of the kind, and our bundles are compiled
// through node:vm anyway, so this is ours.
//
// A trained cache is (re)written when there is none V8 takes, or when this process ran a
// `purpose` (a command's words; `serve` for a service) the cache has not seen yet: the new one
// holds what the earlier runs compiled as well, so it grows to their union. It is written when the
// process exits, or `trainAfterMs` after the load for a process that serves, whichever comes
// first: a one-time cost of some 10-20 ms.
//
// V8 trusts a cache whose source length, V8 version and flags match, so a cache must belong to
// exactly this file: its name carries the file's path, size, modification time and inode, and
// Node's version (V8 itself refuses a cache made under other flags). The folder is the user's own
// (XDG_CACHE_HOME or ~/.cache); one that others may write to is not used. Nothing here may fail a
// command: a cache that cannot be read or written is simply not used.
'use strict';
const { Buffer } = require('node:buffer');
const fs = require('node:fs');
const { createRequire } = require('node:module');
const os = require('node:os');
const path = require('node:path');
const { setTimeout } = require('node:timers');
const vm = require('node:vm');

/** A cache not written for this long is removed when another is written (see unused). */
const UNUSED_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

/** Purposes past this many are not trained for: command lines of free words would grow it without end. */
const MAX_PURPOSES = 64;

/**
 * Runs the bundle `file` and returns its module.exports. `purpose` names what this process does;
 * `trainAfterMs`, for a process that keeps running, is when to write the trained cache at the
 * latest. `importExternal` is handed to the bundle as its import().
 */
function loadCachedScript(file, { purpose, trainAfterMs, importExternal }) {
  // The build writes bundles in ASCII alone (scripts/commonjs-bundle.js asciiOnly): read as
  // Latin-1, which decodes them as UTF-8 would, a third faster.
  const source = fs.readFileSync(file).toString('latin1');
  const trained = trainedCache(file);
  let script = trained.data && compile(source, file, trained.data);
  const fromTrained = script !== undefined;
  if (!fromTrained) script = compile(source, file, readOrUndefined(file.replace(/\.js$/, '.cache'))) ?? new vm.Script(source, { filename: file });
  if (trained.place && (!fromTrained || (!trained.purposes.includes(purpose) && trained.purposes.length < MAX_PURPOSES))) {
    scheduleTraining(script, trained.place, fromTrained ? trained.purposes : [], purpose, trainAfterMs);
  }
  const bundle = { exports: {} };
  script.runInThisContext()(bundle.exports, createRequire(file), bundle, file, path.dirname(file), importExternal);
  return bundle.exports;
}

/** The script compiled with `cachedData`, or undefined when there is none or V8 refuses it. */
function compile(source, filename, cachedData) {
  if (cachedData === undefined) return undefined;
  const script = new vm.Script(source, { filename, cachedData });
  return script.cachedDataRejected ? undefined : script;
}

function readOrUndefined(file) {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Where this file's trained cache goes (undefined without a usable folder), and what it holds:
 * the code cache and the purposes it was trained on. The file is a 4-byte length, that many bytes
 * of JSON (`{ purposes }`), then V8's data.
 */
function trainedCache(file) {
  const folder = cacheFolder();
  if (folder === undefined) return { purposes: [] };
  const stat = fs.statSync(file);
  const sameFile = fingerprint([path.resolve(file)]);
  const sameBuild = fingerprint([stat.size, stat.mtimeMs, stat.ino, process.version, process.arch]);
  const prefix = `${path.basename(file, '.js')}-${sameFile}-`;
  const place = { folder, prefix, name: `${prefix}${sameBuild}.v8cache` };
  const bytes = readOrUndefined(path.join(folder, place.name));
  try {
    const headerLength = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.subarray(4, 4 + headerLength).toString('utf8'));
    if (!Array.isArray(header.purposes)) throw new Error('no purposes');
    return { place, purposes: header.purposes, data: bytes.subarray(4 + headerLength) };
  } catch {
    // None yet, or not one of ours: trained afresh.
    return { place, purposes: [] };
  }
}

/**
 * XDG_CACHE_HOME/supabase-cli-ts/code-cache (~/.cache when unset), or undefined when it or the
 * folder above it exists but is not this user's alone: in a cache home others may write to (a
 * shared /tmp), the folder above could be theirs, and so could what is inside it.
 */
function cacheFolder() {
  try {
    const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
    const ours = path.join(base, 'supabase-cli-ts');
    const folder = path.join(ours, 'code-cache');
    return privateOrAbsent(ours) && privateOrAbsent(folder) ? folder : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `folder` is absent (made private when the first cache is written) or a folder of this user's that only they may write to. */
function privateOrAbsent(folder) {
  const stat = fs.lstatSync(folder, { throwIfNoEntry: false });
  if (stat === undefined) return true;
  if (!stat.isDirectory() || (stat.mode & 0o022) !== 0) return false;
  return process.getuid === undefined || stat.uid === process.getuid();
}

/** 16 hex digits of two FNV-1a hashes of `parts`: a name, not a safeguard (the folder is the user's). */
function fingerprint(parts) {
  const text = JSON.stringify(parts);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

function scheduleTraining(script, place, purposes, purpose, trainAfterMs) {
  let done = false;
  const train = () => {
    if (done) return;
    done = true;
    process.removeListener('exit', train);
    writeTrained(script, place, [...purposes, purpose]);
  };
  process.on('exit', train);
  if (trainAfterMs !== undefined) setTimeout(train, trainAfterMs).unref();
}

/**
 * Whether a file in the folder has not been written for a month: the cache of a bundle that has
 * since moved or gone (a temporary copy, a removed checkout), or what a killed write left.
 */
function unused(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat !== undefined && Date.now() - stat.mtimeMs > UNUSED_AFTER_MS;
}

/**
 * Writes the cache whole or not at all (a temporary file renamed), then drops older builds'
 * caches of the same file and whatever else in the folder has gone unused.
 */
function writeTrained(script, place, purposes) {
  const target = path.join(place.folder, place.name);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(place.folder, { recursive: true, mode: 0o700 });
    const header = Buffer.from(JSON.stringify({ purposes }), 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32LE(header.length, 0);
    fs.writeFileSync(temporary, Buffer.concat([length, header, script.createCachedData()]), { mode: 0o600 });
    fs.renameSync(temporary, target);
    for (const name of fs.readdirSync(place.folder)) {
      if (name !== place.name && (name.startsWith(place.prefix) || unused(path.join(place.folder, name)))) fs.rmSync(path.join(place.folder, name), { force: true });
    }
  } catch {
    // A cache is a saving, never a reason to fail.
    try {
      fs.rmSync(temporary, { force: true });
    } catch {
      // the folder is gone or not ours to write: nothing was left in it
    }
  }
}

module.exports = { loadCachedScript };
