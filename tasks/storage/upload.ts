/**
 * `storage cp <local> ss:///...`. Files stream from disk to the Storage API; the
 * Content-Type is sniffed from each file's first bytes unless one was given, and Cache-Control
 * defaults to `max-age=3600`. An upload refused with `Bucket not found` creates the bucket and is
 * tried once more; parallel uploads into the same missing bucket share one creation.
 *
 * Where a recursive copy lands follows the original, which follows `cp -r`: into a remote folder
 * that already exists the local folder's own name is added, otherwise the local folder becomes
 * the destination.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { TaskError } from '../task-error.js';
import { sniffFileContentType } from './content-type.js';
import { fileFailure, statOrNothing, walkLocalFiles, type LocalFile } from './local-files.js';
import { forEachEntry } from './object-walk.js';
import { isStorageError, type StorageClient } from './storage-api.js';
import { baseName, isFolderPrefix, splitBucketPrefix } from './storage-url.js';
import { counted, runJobs, type TransferReporter } from './transfer-jobs.js';

export const DEFAULT_CACHE_CONTROL = 'max-age=3600';

export interface UploadContext {
  client: StorageClient;
  reporter: TransferReporter;
  /** Lines that are not about a file (`Loading page: <n>`). */
  notice: (line: string) => void;
  jobs: number;
  cacheControl: string;
  /** Sent as is when given; sniffed per file when empty. */
  contentType: string;
  /** What relative local paths are relative to: the project root, as the original changes into it. */
  cwd: string;
}

/** Creates missing buckets once, however many uploads ask at the same time. */
class BucketMaker {
  private readonly made = new Map<string, Promise<void>>();
  constructor(private readonly client: StorageClient) {}

  ensure(bucket: string): Promise<void> {
    let making = this.made.get(bucket);
    if (!making) {
      making = this.client.createBucket(bucket).then(
        () => undefined,
        (error: unknown) => {
          // Made meanwhile by someone else: the retry can go ahead.
          if (isStorageError(error, 'Duplicate')) return;
          this.made.delete(bucket);
          throw error;
        },
      );
      this.made.set(bucket, making);
    }
    return making;
  }
}

/** Uploads one file, creating its bucket and retrying once when the bucket is missing. */
async function uploadFile(context: UploadContext, buckets: BucketMaker, file: LocalFile, remotePath: string): Promise<void> {
  const contentType = context.contentType || (await sniffFileContentType(file.absolutePath).catch((error: unknown) => {
    throw fileFailure('open file', 'open', file.filePath, error);
  }));
  const attempt = async () => {
    let sent = 0;
    const source = createReadStream(file.absolutePath);
    const opened = new Promise<void>((resolve, reject) => source.once('open', () => resolve()).once('error', reject));
    await opened.catch((error: unknown) => {
      throw fileFailure('open file', 'open', file.filePath, error);
    });
    try {
      const body = counted(source, (bytes) => {
        sent += bytes;
        context.reporter.moved(bytes);
      });
      await context.client.uploadObject(remotePath, body, { contentType, cacheControl: context.cacheControl, size: file.size });
    } catch (error) {
      context.reporter.moved(-sent);
      throw error;
    } finally {
      source.destroy();
    }
  };
  try {
    await attempt();
  } catch (error) {
    const { bucket, prefix } = splitBucketPrefix(remotePath);
    if (!isStorageError(error, 'Bucket not found') || prefix === '') throw error;
    await buckets.ensure(bucket);
    await attempt();
  }
  context.reporter.finished();
}

/** Runs the uploads of a planned list, at most `jobs` at a time; a tree's files are announced one a line. */
async function uploadAll(context: UploadContext, plan: Array<{ file: LocalFile; remotePath: string }>, announce: boolean): Promise<void> {
  const buckets = new BucketMaker(context.client);
  context.reporter.planned(plan.length, plan.reduce((sum, item) => sum + item.file.size, 0));
  await runJobs(plan, context.jobs, async ({ file, remotePath }) => {
    if (announce) context.reporter.line(`Uploading: ${file.filePath} => ${remotePath}`);
    await uploadFile(context, buckets, file, remotePath);
  });
}

/**
 * `cp <file> ss:///bucket/path`: one file. A destination that names a folder (or a bare bucket)
 * gets the file's own name appended, so `cp logo.png ss:///public/` stores `public/logo.png`.
 */
export async function uploadOne(context: UploadContext, localPath: string, remotePath: string): Promise<void> {
  const absolutePath = path.resolve(context.cwd, localPath);
  const info = await statOrNothing(absolutePath);
  if (!info) throw new TaskError(`failed to open file: open ${localPath}: no such file or directory`);
  if (info.isDirectory()) {
    throw new TaskError(`${localPath} is a directory.`, `Run supabase storage cp -r ${localPath} <dst> to upload a folder.`);
  }
  const { prefix } = splitBucketPrefix(remotePath);
  const target = isFolderPrefix(prefix) ? path.posix.join(remotePath, path.basename(localPath)) : remotePath;
  await uploadAll({ ...context, jobs: 1 }, [{ file: { filePath: localPath, absolutePath, relPath: '.', size: info.size }, remotePath: target }], false);
}

/** `cp -r <local> ss:///...`: a file or a whole folder tree. */
export async function uploadTree(context: UploadContext, localPath: string, remotePath: string): Promise<void> {
  // The local side is checked first, so a typo costs no request.
  const files = await walkLocalFiles(localPath, context.cwd);
  const noSlash = remotePath.replace(/\/$/, '');
  const wanted = baseName(noSlash);
  let fileExists = false;
  let dirExists = false;
  await forEachEntry({ client: context.client, notice: context.notice }, noSlash, ({ name }) => {
    if (name === wanted) fileExists = true;
    if (name === `${wanted}/`) dirExists = true;
  });
  // `docs/` adds `docs`; `.`, `..` and `/` add nothing (the original would climb out with `..`).
  const localBase = path.basename(localPath.replace(/\/+$/, ''));
  const addBase = !['.', '..', ''].includes(localBase) && (dirExists || noSlash === '');
  const plan = files.map((file) => {
    if (file.relPath === '.') {
      const { prefix } = splitBucketPrefix(remotePath);
      const intoFolder = isFolderPrefix(prefix) || (dirExists && !fileExists);
      return { file, remotePath: intoFolder ? path.posix.join(remotePath, path.basename(localPath)) : remotePath };
    }
    return { file, remotePath: path.posix.join(remotePath, addBase ? localBase : '', file.relPath) };
  });
  await uploadAll(context, plan, true);
}
