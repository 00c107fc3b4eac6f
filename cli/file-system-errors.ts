/**
 * File system failures that belong to the machine, not to the program: a full disk, a read-only
 * mount, a folder this user may not write. They can come from anywhere a command writes (the
 * journal, a migration file, the native data folder), so they are recognised once, at the
 * top-level handler: one user error naming the path (as Go words it, `open <path>: <reason>`) and
 * what to do, instead of `unexpected error` and a crash report about a bug that is not there.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { UserError } from './errors.js';

interface Remedy {
  /** The system's words for the code, as Go's error strings say them. */
  reason: string;
  /** What to do, given the path and the folder it is in. */
  fix: (file: string, folder: string) => string;
}

const FULL = (_file: string, folder: string) => `Free some space on the disk that holds ${folder}, then run the command again.`;
const ACCESS = (file: string) => `Give this user access to ${file} (check the owner and mode of it and of its folder), then run the command again.`;

const REMEDIES: Readonly<Record<string, Remedy>> = {
  ENOSPC: { reason: 'no space left on device', fix: FULL },
  EDQUOT: { reason: 'disk quota exceeded', fix: FULL },
  EROFS: { reason: 'read-only file system', fix: (_file, folder) => `${folder} is on a read-only file system: make it writable (or work in a writable copy of the project), then run the command again.` },
  EACCES: { reason: 'permission denied', fix: ACCESS },
  EPERM: { reason: 'operation not permitted', fix: ACCESS },
};

/** How deep a chain of causes is searched (a TaskError wrapping a listr2 error wrapping the fs error). */
const MAX_DEPTH = 8;

/**
 * The user error for a thrown value whose cause chain holds one of these file system errors;
 * undefined for anything else (which stays the internal error it is).
 */
export function fileSystemFailure(thrown: unknown): UserError | undefined {
  let current: unknown = thrown;
  for (let depth = 0; depth < MAX_DEPTH && current instanceof Error; depth++) {
    const { syscall, path: file } = current as NodeJS.ErrnoException;
    const code = realCode(current as NodeJS.ErrnoException);
    const remedy = code === undefined ? undefined : REMEDIES[code];
    if (remedy) {
      const operation = syscall ?? 'write';
      const message = file ? `${operation} ${file}: ${remedy.reason}` : `${operation}: ${remedy.reason}`;
      const where = file ?? 'the project folder or the native data folder';
      return new UserError(message, remedy.fix(where, file ? path.dirname(file) : where), { cause: thrown });
    }
    current = current.cause;
  }
  return undefined;
}

/**
 * The error's code, except where Node misreports it: a recursive mkdir on a read-only (or
 * unwritable) folder fails with ENOENT, as if a parent were missing. The nearest folder that
 * exists is asked whether it can be written (access(2) answers EROFS or EACCES without writing).
 */
function realCode(error: NodeJS.ErrnoException): string | undefined {
  if (error.code !== 'ENOENT' || error.syscall !== 'mkdir' || !error.path) return error.code;
  let folder = path.dirname(error.path);
  while (!existsSync(folder) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  try {
    accessSync(folder, constants.W_OK);
    return error.code;
  } catch (probe) {
    return (probe as NodeJS.ErrnoException).code ?? error.code;
  }
}
