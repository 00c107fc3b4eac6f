/**
 * A cached, bootstrapped data folder per machine. The first native start anywhere runs initdb,
 * applies the bootstrap SQL (roles, auth, storage, ...) and stops; every new project after that
 * starts from a copy of this folder, which costs a file copy instead of initdb plus bootstrap.
 * The cache key covers the binaries, the cluster settings and the bootstrap SQL, so any change
 * to them builds a new template.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chown, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PgBinaries } from './pg-binaries.js';
import type { RunAs } from './service-user.js';
import { CLUSTER_SETTINGS, initdb, isProcessAlive, logTail, spawnServer, stopServer } from './pg-process.js';
import { bootstrapDigest, nativeBootstrapScripts } from './bootstrap-sql.js';
import { freePort } from './port-check.js';
import { waitForConnection } from './readiness.js';
import { withConnection } from '../db/connect.js';
import { TaskError, messageOf } from '../task-error.js';

const TEMPLATE_FORMAT = 1;
/** What a data folder being copied is called until it is complete: `data.copying-<pid>-<random>`. */
const COPYING = '.copying-';
const COPYING_OWNER = /\.copying-(\d+)-/;

/** Returns the data folder of an up-to-date template, building it first if needed. */
export async function ensureTemplate(bins: PgBinaries, runAs: RunAs | undefined, home: string): Promise<string> {
  const postgresStat = await stat(bins.postgres);
  const key = createHash('sha256')
    .update(JSON.stringify({ bin: bins.binDir, size: postgresStat.size, mtime: postgresStat.mtimeMs, settings: CLUSTER_SETTINGS, uid: runAs?.uid, v: TEMPLATE_FORMAT }))
    .update(await bootstrapDigest())
    .digest('hex')
    .slice(0, 16);
  const templatesDir = path.join(home, '.templates');
  const target = path.join(templatesDir, key);
  if (await isDir(path.join(target, 'data'))) return path.join(target, 'data');
  await mkdir(templatesDir, { recursive: true, mode: 0o755 });
  await cleanAbandonedBuilds(templatesDir);
  const building = `${target}.tmp-${process.pid}-${randomBytes(3).toString('hex')}`;
  try {
    await buildTemplate(bins, runAs, building);
    try {
      await rename(building, target);
    } catch {
      // Another command built the same template meanwhile; use theirs.
      await rm(building, { recursive: true, force: true });
    }
  } catch (err) {
    await stopServer(path.join(building, 'data')).catch(() => undefined);
    await rm(building, { recursive: true, force: true });
    throw err;
  }
  await pruneOldTemplates(templatesDir, key);
  return path.join(target, 'data');
}

async function buildTemplate(bins: PgBinaries, runAs: RunAs | undefined, dir: string): Promise<void> {
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  // The folder must be enterable by the server's user; the data folder itself is private.
  await mkdir(dir, { recursive: true, mode: 0o755 });
  await mkdir(dataDir, { mode: 0o700 });
  if (runAs) await chown(dataDir, runAs.uid, runAs.gid);
  await initdb(bins, dataDir, runAs);
  const port = await freePort();
  const server = await spawnServer(bins, dataDir, port, logFile, runAs);
  const died = server.exited.then(async (code) => `exit code ${code}\n${await logTail(logFile)}`);
  await waitForConnection({ port }, { died, timeoutMs: 60_000 });
  await withConnection({ port }, async (client) => {
    // Raw SQL: each bootstrap script is a multi-statement file run as it is.
    for (const script of await nativeBootstrapScripts()) {
      try {
        await client.query(script.sql);
      } catch (err) {
        throw new TaskError(`failed to bootstrap the database (migrations/bootstrap/${script.name}): ${messageOf(err)}`, undefined, { cause: err });
      }
    }
    // Flush everything now, so the shutdown below has nothing left to write.
    await client.query('CHECKPOINT');
  });
  await stopServer(dataDir);
}

/**
 * Copies the template's data folder to `dataDir` (which must not exist), keeping owners and
 * modes; on Linux a copy-on-write clone where the file system offers one. The copy goes to a
 * folder of its own first and is renamed into place when complete: a command killed half way
 * leaves no half-copied data folder, and its `cp` (which outlives it) writes only there.
 */
export async function copyTemplate(templateData: string, dataDir: string): Promise<void> {
  await clearAbandonedCopies(path.dirname(dataDir));
  const copying = `${dataDir}${COPYING}${process.pid}-${randomBytes(3).toString('hex')}`;
  const args = process.platform === 'linux' ? ['-a', '--reflink=auto', templateData, copying] : ['-a', templateData, copying];
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn('cp', args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) => (code === 0 ? resolve() : reject(new TaskError(`failed to copy the database template: ${errors.trim()}`))));
    });
    await rename(copying, dataDir);
  } catch (err) {
    await rm(copying, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Copies left by a command that was killed: their `cp` may still be running, so it is stopped
 * first (found by the folder it writes to), then the folder is removed.
 */
async function clearAbandonedCopies(root: string): Promise<void> {
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const owner = COPYING_OWNER.exec(name);
    if (!owner || (await isProcessAlive(Number(owner[1])))) continue;
    const folder = path.join(root, name);
    await killProcessesWriting(folder);
    await rm(folder, { recursive: true, force: true });
  }
}

/** SIGKILLs the processes whose command line names `folder` (the orphaned `cp`), and waits for them. */
async function killProcessesWriting(folder: string): Promise<void> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.split('\0').includes(folder)) pids.push(Number(entry));
  }
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  for (const pid of pids) {
    for (let waited = 0; waited < 5_000 && (await isProcessAlive(pid)); waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A command killed while building a template leaves its folder, and maybe its server, behind:
 * stop that server and remove the folder once its builder is gone.
 */
async function cleanAbandonedBuilds(templatesDir: string): Promise<void> {
  for (const name of await readdir(templatesDir).catch(() => [] as string[])) {
    const builder = /\.tmp-(\d+)-/.exec(name);
    if (!builder || (await isProcessAlive(Number(builder[1])))) continue;
    const full = path.join(templatesDir, name);
    await stopServer(path.join(full, 'data')).catch(() => undefined);
    await rm(full, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Removes templates of other keys that nobody built in the last hour (older tool versions). */
async function pruneOldTemplates(templatesDir: string, keep: string): Promise<void> {
  for (const name of await readdir(templatesDir).catch(() => [] as string[])) {
    if (name === keep || name.includes('.tmp-')) continue;
    const full = path.join(templatesDir, name);
    const info = await stat(full).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > 3_600_000) await rm(full, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function isDir(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => undefined))?.isDirectory() ?? false;
}
