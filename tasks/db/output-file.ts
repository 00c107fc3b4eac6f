/**
 * A file a command writes its result to (`db dump -f`): opened before any work starts, so a
 * folder that does not exist is one clear message rather than a stream error after the dump ran,
 * and written aside then renamed into place, so a failed or killed dump never leaves half a file
 * where the user expects a whole one.
 */
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { TaskError } from '../task-error.js';

/** An output file being written. */
export interface OutputFile {
  write: (text: string) => void;
  /** Flushes and moves the file into place. */
  commit: () => Promise<void>;
  /** Removes what was written. */
  discard: () => Promise<void>;
}

/** Opens `<file>` for writing (through a temporary file beside it); `shown` is the path as the user gave it. */
export async function openOutputFile(file: string, shown: string): Promise<OutputFile> {
  if ((await stat(file).catch(() => undefined))?.isDirectory()) {
    throw new TaskError(`failed to open ${shown} for writing: it is a folder`, 'Give -f the path of a file.');
  }
  const aside = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(aside, 'wx');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' || code === 'ENOTDIR' ? `the folder ${path.dirname(shown)} does not exist` : (error as Error).message;
    throw new TaskError(`failed to open ${shown} for writing: ${reason}`, 'Give -f a path in an existing folder, or create the folder first.', { cause: error });
  }
  // One write at a time: a file handle must not have two writes in flight.
  let written: Promise<unknown> = Promise.resolve();
  let failure: unknown;
  const write = (text: string) => {
    written = written.then(() => handle.write(text)).catch((error: unknown) => (failure ??= error));
  };
  const close = async () => {
    await written;
    await handle.close().catch(() => undefined);
  };
  return {
    write,
    commit: async () => {
      await close();
      if (failure) throw new TaskError(`failed to write ${shown}: ${(failure as Error).message}`, undefined, { cause: failure });
      try {
        await rename(aside, file);
      } catch (error) {
        await rm(aside, { force: true });
        const code = (error as NodeJS.ErrnoException).code;
        throw new TaskError(`failed to write ${shown}: ${code === 'EISDIR' ? 'it is a folder' : (error as Error).message}`, 'Give -f the path of a file.', { cause: error });
      }
    },
    discard: async () => {
      await close();
      await rm(aside, { force: true });
    },
  };
}
