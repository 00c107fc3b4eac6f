/**
 * `storage mv`: moves within one bucket through the Storage API's move route. A path
 * the service does not know as an object is, with `-r`, taken as a folder and its objects are
 * moved one by one; the whole folder is listed before the first move, because moving changes
 * what the next page of a listing would hold.
 */
import path from 'node:path';
import { TaskError } from '../task-error.js';
import { listEntries, type WalkOptions } from './object-walk.js';
import { isStorageError } from './storage-api.js';
import { splitBucketPrefix } from './storage-url.js';

export const MOVE_BETWEEN_BUCKETS = 'Moving between buckets is unsupported';
export const MISSING_OBJECT_PATH = 'You must specify an object path';

export interface MoveOptions extends WalkOptions {
  recursive: boolean;
}

/** Refuses moves the service cannot do, before anything is sent. */
export function checkMove(srcPath: string, dstPath: string): void {
  const src = splitBucketPrefix(srcPath);
  const dst = splitBucketPrefix(dstPath);
  if (src.prefix === '' && dst.prefix === '') throw new TaskError(MISSING_OBJECT_PATH);
  if (src.bucket !== dst.bucket) throw new TaskError(MOVE_BETWEEN_BUCKETS);
}

/** Moves `srcPath` to `dstPath` (remote paths in the same bucket). */
export async function moveObject(options: MoveOptions, srcPath: string, dstPath: string): Promise<void> {
  checkMove(srcPath, dstPath);
  const { bucket, prefix: srcPrefix } = splitBucketPrefix(srcPath);
  const { prefix: dstPrefix } = splitBucketPrefix(dstPath);
  options.notice(`Moving object: ${srcPath} => ${dstPath}`);
  try {
    const moved = await options.client.moveObject({ bucketId: bucket, sourceKey: srcPrefix, destinationKey: dstPrefix });
    options.notice(moved.message);
  } catch (error) {
    if (!options.recursive || !isStorageError(error, 'not_found')) throw error;
    await moveFolder(options, `${srcPath}/`, dstPath);
  }
}

/** Moves every object under `srcFolder` (ending in `/`) to the same relative path under `dstPath`. */
async function moveFolder(options: MoveOptions, srcFolder: string, dstPath: string): Promise<void> {
  const { prefix: dstPrefix } = splitBucketPrefix(dstPath);
  let count = 0;
  const folders = [srcFolder];
  while (folders.length > 0) {
    const folder = folders.pop()!;
    for (const { name } of await listEntries(options, folder)) {
      const objectPath = folder + name;
      if (name.endsWith('/')) {
        folders.push(objectPath);
        continue;
      }
      count++;
      const relPath = objectPath.slice(srcFolder.length);
      const { bucket, prefix } = splitBucketPrefix(objectPath);
      options.notice(`Moving object: ${objectPath} => ${path.posix.join(dstPath, relPath)}`);
      await options.client.moveObject({ bucketId: bucket, sourceKey: prefix, destinationKey: path.posix.join(dstPrefix, relPath) });
    }
  }
  if (count === 0) throw new TaskError(`Object not found: ${srcFolder}`);
}
