/**
 * The local side of a transfer: walking a folder for its regular files in name order, and file
 * errors worded as the original words them (`open <path>: no such file or directory`).
 */
import type { Dirent, Stats } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { TaskError } from '../task-error.js';

/** The system's wording of the errors a user can meet here (what Go's error strings say). */
const REASONS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory',
  ENOTDIR: 'not a directory',
  EEXIST: 'file exists',
  ENOSPC: 'no space left on device',
};

/** `<op> <path>: <reason>` for a failed file operation. */
export function describeFileError(op: string, filePath: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return `${op} ${filePath}: ${REASONS[code] ?? (error as Error).message}`;
}

/** A file error as a TaskError, e.g. `failed to open file: open a.txt: no such file or directory`. */
export function fileFailure(doing: string, op: string, filePath: string, error: unknown): TaskError {
  return new TaskError(`failed to ${doing}: ${describeFileError(op, filePath, error)}`, undefined, { cause: error });
}

/** Stats of a local path, or undefined when nothing is there. */
export async function statOrNothing(filePath: string): Promise<Stats | undefined> {
  return stat(filePath).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw fileFailure('read file information', 'stat', filePath, error);
  });
}

/** A regular file found by a walk: its path as shown and as opened, its path relative to the root, its size. */
export interface LocalFile {
  filePath: string;
  absolutePath: string;
  /** `.` when the walked root is the file itself. */
  relPath: string;
  size: number;
}

/**
 * The regular files under `root` (or `root` itself when it is a file), in name order; a relative
 * `root` is taken from `cwd`. Links and other special files inside the tree are skipped, as the
 * original's walk skips them.
 */
export async function walkLocalFiles(root: string, cwd: string): Promise<LocalFile[]> {
  let top: Stats;
  try {
    top = await stat(path.resolve(cwd, root));
  } catch (error) {
    throw new TaskError(describeFileError('lstat', root, error), undefined, { cause: error });
  }
  if (top.isFile()) return [{ filePath: root, absolutePath: path.resolve(cwd, root), relPath: '.', size: top.size }];
  const files: LocalFile[] = [];
  const visit = async (folder: string, relFolder: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(path.resolve(cwd, folder), { withFileTypes: true });
    } catch (error) {
      throw new TaskError(describeFileError('open', folder, error), undefined, { cause: error });
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const filePath = path.join(folder, entry.name);
      const relPath = relFolder ? `${relFolder}/${entry.name}` : entry.name;
      const absolutePath = path.resolve(cwd, filePath);
      if (entry.isDirectory()) await visit(filePath, relPath);
      else if (entry.isFile()) files.push({ filePath, absolutePath, relPath, size: (await lstat(absolutePath)).size });
    }
  };
  if (top.isDirectory()) await visit(root, '');
  return files;
}
