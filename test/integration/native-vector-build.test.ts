/**
 * How the native runtime gets the vector extension's module: compiled with the machine's gcc
 * against postgresql-server-dev-15's headers, once, then found again by the hash of its sources;
 * and on a machine that cannot compile it (no compiler, no headers), a project that creates the
 * extension stops at that migration with one line naming the two packages.
 */
import assert from 'node:assert/strict';
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ownExtensions, type OwnExtension } from '../../tasks/native/own-extensions.js';
import { ownModules } from '../../tasks/native/own-modules.js';
import { initProject } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';
import { nativeRuntime } from '../../tasks/native/native-runtime.js';
import { requireCommand } from '../helpers/require-command.js';
import { requireServerHeaders } from './support/server-headers.js';
import { freePort, nativeTestEnv, removeDir, tempDir } from './support/temp-project.js';

describe('native runtime vector module build', function () {
  this.timeout(180_000);
  let vector: OwnExtension;
  const folders: string[] = [];

  before(async function () {
    requireCommand(this, 'gcc', ['--version'], 'apt-get install gcc');
    requireServerHeaders(this);
    const found = (await ownExtensions()).find((extension) => extension.folder === 'vector');
    assert.ok(found, 'native-extensions/vector');
    vector = found;
  });
  after(async () => {
    for (const folder of folders) await removeDir(folder);
  });
  const home = async () => {
    const folder = await tempDir('vector-build');
    folders.push(folder);
    return folder;
  };

  it('compiles once and finds the same module again by the hash of its sources', async () => {
    const at = await home();
    const [first] = await ownModules([vector], at, { ...process.env, CC: 'gcc' });
    assert.ok(first && 'file' in first, JSON.stringify(first));
    const built = await stat(first.file);
    const [again] = await ownModules([vector], at, { ...process.env, CC: 'gcc' });
    assert.deepEqual(again, first);
    assert.equal((await stat(first.file)).mtimeMs, built.mtimeMs, 'compiled a second time');
    // One source changed: another module beside the first, which stays for the overlays using it.
    const copy = path.join(at, 'edited');
    await mkdir(copy);
    await cp(path.join(path.dirname(vector.sources[0].path)), copy, { recursive: true });
    const edited = vector.sources.map((source) => ({ name: source.name, path: path.join(copy, source.name) }));
    const math = edited.find((source) => source.name === 'vector-math.c');
    assert.ok(math);
    await writeFile(math.path, `${await readFile(math.path, 'utf8')}\n/* edited */\n`);
    const [changed] = await ownModules([{ ...vector, sources: edited }], at, { ...process.env, CC: 'gcc' });
    assert.ok(changed && 'file' in changed && changed.file !== first.file, JSON.stringify(changed));
    await stat(first.file);
  });

  it('says what is missing without a compiler or without the headers', async () => {
    const [noCompiler] = await ownModules([vector], await home(), { ...process.env, CC: '/nonexistent/cc' });
    assert.deepEqual(noCompiler, { folder: 'vector', error: 'no C compiler (/nonexistent/cc) on this machine', missing: true });
    const [noHeaders] = await ownModules([vector], await home(), { ...process.env, SUPABASE_NATIVE_PG_HEADERS: '/nonexistent/server' });
    assert.deepEqual(noHeaders, { folder: 'vector', error: "PostgreSQL 15's server headers are not in /nonexistent/server", missing: true });
  });

  it('a compiler that refuses the sources is said at start, in its words, and the stack still starts', async () => {
    // A compiler that exists and fails: `false` stands for one that rejects what it is given.
    const [refused] = await ownModules([vector], await home(), { ...process.env, CC: 'false' });
    assert.deepEqual(refused, { folder: 'vector', error: 'false failed: exit code 1', missing: false });
    // One whose complaint differs from run to run (it names its process), as real ones can.
    const scripts = await home();
    const compiler = path.join(scripts, 'refusing-cc');
    await writeFile(compiler, '#!/bin/sh\necho "vector-io.c:1: error: refused by run $$" >&2\nexit 1\n', { mode: 0o755 });
    const env = await nativeTestEnv({ SUPABASE_NATIVE_POSTGRES: 'system', CC: compiler });
    const root = await home();
    await initProject(root);
    const { config } = (await loadConfig(root, { env })) as { config: ProjectConfig };
    config.db.port = await freePort();
    const notices: string[] = [];
    try {
      await nativeRuntime.start({ root, config }, { env, reporter: { notice: (message) => notices.push(message) } });
      const compiling = notices.filter((line) => line.includes('native-extensions/vector'));
      assert.equal(compiling.length, 1, notices.join('\n'));
      assert.match(compiling[0], /^native-extensions\/vector could not be compiled \(.*refusing-cc failed: vector-io\.c:1: error: refused by run \d+\): create extension vector fails until it is\.$/);
      // The same failure, however worded, is the same overlay: starting again builds no other.
      const overlays = await readdir(path.join(env.SUPABASE_NATIVE_HOME ?? '', '.pg'));
      await nativeRuntime.stop(config.project_id, { env });
      await nativeRuntime.start({ root, config }, { env });
      assert.deepEqual(await readdir(path.join(env.SUPABASE_NATIVE_HOME ?? '', '.pg')), overlays);
    } finally {
      await nativeRuntime.destroyData(config.project_id, { env }).catch(() => undefined);
    }
  });

  it('a project creating vector where it cannot be compiled stops with the two packages to install', async () => {
    const env = await nativeTestEnv({ SUPABASE_NATIVE_POSTGRES: 'system', CC: '/nonexistent/cc' });
    const root = await home();
    await initProject(root);
    await mkdir(path.join(root, 'supabase', 'migrations'), { recursive: true });
    await writeFile(path.join(root, 'supabase', 'migrations', '20240101000000_vector.sql'), 'create extension vector with schema extensions;\n');
    const { config } = (await loadConfig(root, { env })) as { config: ProjectConfig };
    config.db.port = await freePort();
    try {
      await assert.rejects(nativeRuntime.start({ root, config }, { env }), (err: Error & { suggestion?: string }) => {
        assert.match(err.message, /extension "vector" is not available on the native runtime/);
        assert.match(err.suggestion ?? '', /apt-get install gcc postgresql-server-dev-15, or run the stack on Docker/);
        return true;
      });
    } finally {
      await nativeRuntime.destroyData(config.project_id, { env }).catch(() => undefined);
    }
  });
});
