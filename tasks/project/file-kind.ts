/**
 * Project paths of the wrong kind (supabase/seed.sql a folder, supabase/migrations a file) and
 * names that would leave the folder they belong in: one message naming the path and the fix,
 * instead of a raw EISDIR/ENOTDIR from deep inside a command.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { TaskError } from '../task-error.js';

const WRONG_KIND = new Set(['EISDIR', 'ENOTDIR', 'EEXIST']);

/** Whether an fs error means a path (or one of its parents) is of the wrong kind. */
export function isWrongKind(error: unknown): boolean {
  return WRONG_KIND.has((error as NodeJS.ErrnoException).code ?? '');
}

/** `<relative> is a folder, not a file` (or the other way round), with what to do about it. */
export function wrongKindError(relative: string, expected: 'file' | 'folder', cause?: unknown): TaskError {
  const found = expected === 'file' ? 'a folder' : 'not a folder';
  return new TaskError(
    `${relative} is ${found}: the supabase CLI expects a ${expected} there.`,
    `Move ${relative} out of the way (or rename it), then run the command again.`,
    cause === undefined ? undefined : { cause },
  );
}

/** `<relative> is a broken symbolic link: <target> does not exist.`, with what to do about it. */
export function brokenLinkError(relative: string, target: string, problem: string, cause?: unknown): TaskError {
  return new TaskError(
    `${relative} is a broken symbolic link: ${target} ${problem}.`,
    `Point the link at an existing file, or remove it, then run the command again.`,
    cause === undefined ? undefined : { cause },
  );
}

/** Rethrows fs errors about a path of the wrong kind as wrongKindError; other errors unchanged. */
export function rethrowWrongKind(error: unknown, relative: string, expected: 'file' | 'folder'): never {
  throw isWrongKind(error) ? wrongKindError(relative, expected, error) : error;
}

/**
 * A name that becomes part of a file name in a project folder (a migration, a test): it may not
 * contain a path separator or a NUL byte, which would write somewhere else than it says.
 */
export function assertFileNamePart(name: string, what: string, example: string): void {
  const bad = [...name].find((char) => char === '/' || char === '\\' || char === '\0');
  if (bad === undefined) return;
  throw new TaskError(
    `invalid ${what} name "${name.replace(/\0/g, '\\0')}": it cannot contain "${bad === '\0' ? '\\0' : bad}"`,
    `Use a plain name such as ${example}; the file is always created in its own folder.`,
  );
}

/** The longest file name (in bytes) that Linux, macOS and Windows file systems all accept. */
const NAME_MAX = 255;

/**
 * A name that becomes part of a file name must leave that file name short enough to create:
 * beyond 255 bytes the file system refuses it (ENAMETOOLONG), which would surface as a crash
 * report instead of a word about the name.
 */
export function assertFileNameFits(name: string, what: string, fileName: string, example: string): void {
  const length = Buffer.byteLength(fileName);
  if (length <= NAME_MAX) return;
  throw new TaskError(
    `invalid ${what} name "${name}": the file name ${fileName} would be ${length} bytes long, more than the ${NAME_MAX} a file name can have`,
    `Use a shorter name, such as ${example}.`,
  );
}

/** The project paths whose kind a reset or a start relies on, with the kind each must be. */
const EXPECTED_KINDS: ReadonlyArray<[string, 'file' | 'folder']> = [
  ['supabase/migrations', 'folder'],
  ['supabase/seed.sql', 'file'],
  ['supabase/roles.sql', 'file'],
];

/**
 * Checks, before anything is dropped or created, that the migrations folder and the seed and
 * roles files (those that exist) are of the right kind: a reset must not drop the database and
 * only then find that it cannot read what it would rebuild it from.
 */
export async function assertProjectFileKinds(root: string): Promise<void> {
  for (const [relative, expected] of EXPECTED_KINDS) {
    const info = await stat(path.join(root, ...relative.split('/'))).catch(() => undefined);
    if (info && info.isDirectory() !== (expected === 'folder')) throw wrongKindError(relative, expected);
  }
}
