/**
 * `storage rm`, as the original: paths are grouped by bucket and each bucket is confirmed once. Every
 * path is first deleted as an object (an object may have a name without an extension that looks
 * like a folder); what was not deleted is reported as not found, or with `-r` walked as a folder
 * and emptied one folder at a time, so that deleting never shifts a listing's pages underneath.
 * A bare bucket with `-r` is emptied and then deleted itself.
 */
import { TaskError } from '../task-error.js';
import { listEntries, type WalkOptions } from './object-walk.js';
import { isStorageError } from './storage-api.js';
import { isFolderPrefix, splitBucketPrefix } from './storage-url.js';

export const MISSING_BUCKET = 'You must specify a bucket to delete.';
export const MISSING_RECURSIVE = 'You must specify -r flag to delete directories.';

/** Names per delete request: a large folder goes in batches, so no one request grows without bound. */
const DELETE_BATCH = 1000;

export interface RemoveOptions extends WalkOptions {
  recursive: boolean;
  /** Asked once per bucket before anything in it is deleted; false skips the bucket. */
  confirmBucket: (bucket: string) => Promise<boolean>;
}

/** Groups remote paths by bucket, in the order given, refusing what `rm` must not do. */
export function groupByBucket(remotePaths: string[], recursive: boolean): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const remotePath of remotePaths) {
    const { bucket, prefix } = splitBucketPrefix(remotePath);
    if (bucket === '') throw new TaskError(MISSING_BUCKET);
    if (isFolderPrefix(prefix) && !recursive) throw new TaskError(MISSING_RECURSIVE);
    groups.set(bucket, [...(groups.get(bucket) ?? []), prefix]);
  }
  return groups;
}

/** Deletes the given paths (remote paths, checked by groupByBucket). */
export async function removePaths(options: RemoveOptions, remotePaths: string[]): Promise<void> {
  for (const [bucket, prefixes] of groupByBucket(remotePaths, options.recursive)) {
    if (!(await options.confirmBucket(bucket))) continue;
    const removed = new Set((await deleteObjects(options, bucket, prefixes)).map((object) => object.name));
    for (const prefix of prefixes) {
      if (removed.has(prefix)) continue;
      if (!options.recursive) {
        options.notice(`Object not found: ${prefix}`);
        continue;
      }
      await removeFolder(options, bucket, prefix === '' ? '' : `${prefix}/`);
    }
  }
}

/** One delete request per batch, each announced as the original prints it (`[a b c]`). */
async function deleteObjects(options: RemoveOptions, bucket: string, names: string[]) {
  const removed = [];
  for (let start = 0; start < names.length; start += DELETE_BATCH) {
    const batch = names.slice(start, start + DELETE_BATCH);
    options.notice(`Deleting objects: [${batch.join(' ')}]`);
    removed.push(...(await options.client.deleteObjects(bucket, batch)));
  }
  return removed;
}

/** Empties a folder (`prefix` ends with `/`) or, with an empty prefix, a whole bucket and then deletes it. */
async function removeFolder(options: RemoveOptions, bucket: string, prefix: string): Promise<void> {
  const folders = [prefix];
  while (folders.length > 0) {
    const folder = folders.pop()!;
    const entries = await listEntries(options, `/${bucket}/${folder}`);
    if (entries.length === 0 && prefix !== '') throw new TaskError(`Object not found: ${bucket}/${prefix}`);
    const files: string[] = [];
    for (const { name } of entries) {
      if (name.endsWith('/')) folders.push(folder + name);
      else files.push(folder + name);
    }
    if (files.length > 0) await deleteObjects(options, bucket, files);
  }
  if (prefix !== '') return;
  options.notice(`Deleting bucket: ${bucket}`);
  try {
    options.notice((await options.client.deleteBucket(bucket)).message);
  } catch (error) {
    if (!isStorageError(error, 'Bucket not found')) throw error;
    options.notice(`Bucket not found: ${bucket}`);
  }
}
