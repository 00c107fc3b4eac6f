/**
 * A throw-away native cluster: a copy of the machine's bootstrapped template cluster, started on
 * a free port, stopped and deleted when done. Shadow databases normally live inside the
 * project's own cluster (a database cloned from its template database), but pg_cron can only be
 * created in the database `cron.database_name` names (`postgres`), so migrations that create it
 * get a cluster of their own whose `postgres` database is the shadow.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { findPgBinaries } from './pg-binaries.js';
import { withMergedExtensions } from './pg-overlay.js';
import { nativeHome } from './native-paths.js';
import { serviceUser } from './service-user.js';
import { copyTemplate, ensureTemplate } from './cluster-template.js';
import { LOCAL_PASSWORD, isProcessAlive, logTail, spawnServer, stopServer } from './pg-process.js';
import { freePort } from './port-check.js';
import { waitForConnection } from './readiness.js';
import { ensureVaultKey } from './vault-key.js';

export interface ScratchCluster {
  /** URL of its `postgres` database. */
  url: string;
  /** Stops the server and deletes the cluster. */
  discard(): Promise<void>;
}

/** Starts a scratch cluster; the caller must discard it. */
export async function startScratchCluster(env: NodeJS.ProcessEnv = process.env): Promise<ScratchCluster> {
  const home = nativeHome(env);
  const bins = await withMergedExtensions(await findPgBinaries(env), home, env);
  const runAs = await serviceUser(env);
  const template = await ensureTemplate(bins, runAs, home);
  const scratchRoot = path.join(home, '.scratch');
  await mkdir(scratchRoot, { recursive: true, mode: 0o755 });
  await discardAbandoned(scratchRoot);
  const dir = path.join(scratchRoot, `${process.pid}-${randomBytes(3).toString('hex')}`);
  await mkdir(dir, { mode: 0o755 });
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const discard = async (): Promise<void> => {
    await stopServer(dataDir).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await copyTemplate(template, dataDir);
    await ensureVaultKey(dataDir, runAs);
    const port = await freePort();
    const server = await spawnServer(bins, dataDir, port, logFile, runAs);
    const died = server.exited.then(async (code) => `exit code ${code}\n${await logTail(logFile)}`);
    await waitForConnection({ port }, { died, timeoutMs: 60_000 });
    return { url: `postgresql://postgres:${LOCAL_PASSWORD}@127.0.0.1:${port}/postgres`, discard };
  } catch (err) {
    await discard();
    throw err;
  }
}

/** Clusters of commands that were killed: their server stopped and their folder removed. */
async function discardAbandoned(scratchRoot: string): Promise<void> {
  for (const name of await readdir(scratchRoot).catch(() => [] as string[])) {
    const owner = Number(/^(\d+)-/.exec(name)?.[1]);
    if (!owner || owner === process.pid || (await isProcessAlive(owner))) continue;
    await stopServer(path.join(scratchRoot, name, 'data')).catch(() => undefined);
    await rm(path.join(scratchRoot, name), { recursive: true, force: true }).catch(() => undefined);
  }
}
