/**
 * Walking remote paths, as the original reads them. A path names either buckets (no bucket yet, or a bucket name
 * without a trailing slash: every bucket starting with it) or the entries of one folder whose
 * names start with the text after the last slash. Listings come 100 entries a page; when a page
 * is full the next one is loaded and `Loading page: <n>` goes to the notice stream.
 *
 * The recursive walk reports objects by their full remote path (`/bucket/dir/file`) and buckets
 * that hold nothing as `/bucket/`, so a tree with empty buckets can be recreated. Folders are
 * taken from a stack, deepest last-seen first, as the original walks them.
 */
import { PAGE_LIMIT, type ListedObject, type StorageClient } from './storage-api.js';
import { splitBucketPrefix, splitDirName } from './storage-url.js';

/** An entry as a walk reports it: its name (folders and buckets end with `/`) and size if an object. */
export interface Entry {
  name: string;
  size?: number;
}

export interface WalkOptions {
  client: StorageClient;
  /** Progress lines for stderr (`Loading page: <n>`). */
  notice: (line: string) => void;
}

type Visit = (entry: Entry) => void | Promise<void>;

/** Visits each bucket or folder entry that a remote path names, page after page. */
export async function forEachEntry(options: WalkOptions, remotePath: string, visit: Visit): Promise<void> {
  const { bucket, prefix } = splitBucketPrefix(remotePath);
  if (bucket === '' || (prefix === '' && !remotePath.endsWith('/'))) {
    for (const found of await options.client.listBuckets()) {
      if (found.name.startsWith(bucket)) await visit({ name: `${found.name}/` });
    }
    return;
  }
  const { dir, name } = splitDirName(prefix);
  for (let page = 0, pages = 1; page < pages; page++) {
    const entries = await options.client.listObjects(bucket, dir, name, page);
    for (const listed of entries) await visit(entryOf(listed));
    if (entries.length === PAGE_LIMIT) {
      options.notice(`Loading page: ${pages}`);
      pages++;
    }
  }
}

/** Every entry a remote path names, all pages read before anything acts on them. */
export async function listEntries(options: WalkOptions, remotePath: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  await forEachEntry(options, remotePath, (entry) => void entries.push(entry));
  return entries;
}

export interface TreeOptions extends WalkOptions {
  /**
   * Keep only the entry named exactly by a path without a trailing slash (and its folder),
   * not every name that merely starts with it: `ss:///b/dir` then means `dir` and `dir/`, never
   * `dir2/`. Copying needs this; listing keeps the prefix match.
   */
  exact?: boolean;
}

/** Visits every object under a remote path by its full path, and every empty bucket as `/bucket/`. */
export async function walkTree(options: TreeOptions, remotePath: string, visit: Visit): Promise<void> {
  const { dir: parent, name: wanted } = splitDirName(remotePath);
  const basePath = remotePath.endsWith('/') ? remotePath : parent;
  const folders: string[] = [];
  const take = (folder: string) => async (entry: Entry) => {
    const path = folder + entry.name;
    if (entry.name.endsWith('/')) folders.push(path);
    else await visit({ ...entry, name: path });
  };
  const first = take(basePath);
  await forEachEntry(options, remotePath, async (entry) => {
    if (options.exact && !remotePath.endsWith('/') && entry.name !== wanted && entry.name !== `${wanted}/`) return;
    await first(entry);
  });
  while (folders.length > 0) {
    const folder = folders.pop()!;
    let empty = true;
    const inner = take(folder);
    await forEachEntry(options, folder, async (entry) => {
      empty = false;
      await inner(entry);
    });
    const { bucket, prefix } = splitBucketPrefix(folder);
    if (empty && prefix === '') await visit({ name: `/${bucket}/` });
  }
}

function entryOf(listed: ListedObject): Entry {
  if (listed.id == null) return { name: `${listed.name}/` };
  return { name: listed.name, ...(listed.metadata ? { size: listed.metadata.size } : {}) };
}
