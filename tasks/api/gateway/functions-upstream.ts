/**
 * Where a running `functions serve` listens when a gateway holds the API port: the original's
 * edge runtime answers on 8081 inside its network behind Kong; here the serving command takes a
 * free loopback port and records it in the project's native folder, where the gateway reads it
 * per request (functions serve comes and goes while the stack runs). The record names the serving
 * process, so a record left by one that was killed is known for stale.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { clusterPaths } from '../../native/native-paths.js';

export interface FunctionsUpstream {
  pid: number;
  url: string;
}

/** `<native home>/<project>/functions-serve.json`. */
export function functionsRecordFile(projectId: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(clusterPaths(projectId, env).root, 'functions-serve.json');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The serving process's URL, when its record is there and the process lives. */
export async function readFunctionsUpstream(file: string): Promise<FunctionsUpstream | undefined> {
  try {
    const record = JSON.parse(await readFile(file, 'utf8')) as Partial<FunctionsUpstream>;
    if (typeof record.pid !== 'number' || typeof record.url !== 'string') return undefined;
    return alive(record.pid) ? { pid: record.pid, url: record.url } : undefined;
  } catch {
    return undefined;
  }
}

/** Records this process as the project's functions server. */
export async function writeFunctionsUpstream(file: string, url: string): Promise<void> {
  await writeFile(file, `${JSON.stringify({ pid: process.pid, url })}\n`, { mode: 0o600 });
}

/** Removes the record, when it is this process's. */
export async function removeFunctionsUpstream(file: string): Promise<void> {
  const record = await readFunctionsUpstream(file);
  if (record?.pid === process.pid) await rm(file, { force: true });
}
