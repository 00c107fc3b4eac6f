/**
 * `storage cp ss:///... <local>`. Objects stream from the Storage API into a
 * temporary file beside their destination, which is renamed into place only once the last byte
 * is on disk: a failed or interrupted download leaves neither a truncated file under the real
 * name nor, after Ctrl-C, the temporary one (partial-files.ts).
 *
 * A recursive copy walks the remote tree first (names and sizes), then downloads; into an
 * existing local folder the remote folder's own name is added, as `cp -r` does. Object names that
 * would climb out of the destination (`../`) are refused.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { TaskError, messageOf } from '../task-error.js';
import { fileFailure, statOrNothing } from './local-files.js';
import { trackPartial, untrackPartial } from './partial-files.js';
import { walkTree, type Entry } from './object-walk.js';
import type { StorageClient } from './storage-api.js';
import { baseName } from './storage-url.js';
import { counted, runJobs, type TransferReporter } from './transfer-jobs.js';

export interface DownloadContext {
  client: StorageClient;
  reporter: TransferReporter;
  notice: (line: string) => void;
  jobs: number;
  /** What relative local paths are relative to: the project root, as the original changes into it. */
  cwd: string;
}

/** Streams one object to `localPath` through a temporary file in the same folder. */
async function downloadFile(context: DownloadContext, remotePath: string, localPath: string, announce = false): Promise<void> {
  const download = await context.client.downloadObject(remotePath);
  if (announce) context.reporter.planned(1, download.size ?? 0);
  const absolutePath = path.resolve(context.cwd, localPath);
  const partial = path.join(path.dirname(absolutePath), `.${path.basename(absolutePath)}.${randomBytes(4).toString('hex')}.part`);
  let written = 0;
  trackPartial(partial);
  try {
    const sink = createWriteStream(partial, { flags: 'wx' });
    await pipeline(counted(download.body, (bytes) => {
      written += bytes;
      context.reporter.moved(bytes);
    }), sink);
    await rename(partial, absolutePath);
  } catch (error) {
    context.reporter.moved(-written);
    await rm(partial, { force: true });
    // A system error code means the disk side failed; anything else is the connection breaking off.
    if (/^E[A-Z]+$/.test((error as NodeJS.ErrnoException).code ?? '')) throw fileFailure('write file', 'write', localPath, error);
    throw new TaskError(`failed to write file: ${localPath}: the download broke off (${messageOf(error)})`, undefined, { cause: error });
  } finally {
    untrackPartial(partial);
  }
  context.reporter.finished();
}

/** `cp ss:///bucket/file <local>`: one object; into an existing folder it keeps its own name. */
export async function downloadOne(context: DownloadContext, remotePath: string, localPath: string): Promise<void> {
  const info = await statOrNothing(path.resolve(context.cwd, localPath));
  const target = info?.isDirectory() ? path.join(localPath, baseName(remotePath)) : localPath;
  const folder = await statOrNothing(path.dirname(path.resolve(context.cwd, target)));
  if (!folder?.isDirectory()) throw new TaskError(`failed to open file: open ${target}: no such file or directory`);
  await downloadFile(context, remotePath, target, true);
}

/** `cp -r ss:///... <local>`: every object under a remote path, and empty buckets as folders. */
export async function downloadTree(context: DownloadContext, remotePath: string, localPath: string): Promise<void> {
  const info = await statOrNothing(path.resolve(context.cwd, localPath));
  const root = info?.isDirectory() ? path.join(localPath, baseName(remotePath)) : localPath;
  const found: Entry[] = [];
  await walkTree({ client: context.client, notice: context.notice, exact: true }, remotePath, (entry) => void found.push(entry));
  if (found.length === 0) throw new TaskError(`Object not found: ${remotePath}`);
  const plan = found.map((entry) => ({ entry, localPath: localTarget(root, remotePath, entry.name) }));
  context.reporter.planned(plan.filter(({ entry }) => !entry.name.endsWith('/')).length, found.reduce((sum, entry) => sum + (entry.size ?? 0), 0));
  await runJobs(plan, context.jobs, async ({ entry, localPath: target }) => {
    context.reporter.line(`Downloading: ${entry.name} => ${target}`);
    try {
      const absolute = path.resolve(context.cwd, target);
      await mkdir(entry.name.endsWith('/') ? absolute : path.dirname(absolute), { recursive: true });
    } catch (error) {
      throw fileFailure('create directory', 'mkdir', target, error);
    }
    if (!entry.name.endsWith('/')) await downloadFile(context, entry.name, target);
  });
}

/** Where an object under `remotePath` goes below `root`; names that would leave `root` are refused. */
function localTarget(root: string, remotePath: string, objectPath: string): string {
  const relative = objectPath.startsWith(remotePath) ? objectPath.slice(remotePath.length) : objectPath;
  const target = path.join(root, ...relative.split('/'));
  const inside = path.relative(path.resolve(root), path.resolve(target));
  if (inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside)) {
    throw new TaskError(`Refusing to download ${objectPath}: its name leads outside ${root}.`);
  }
  return target;
}
