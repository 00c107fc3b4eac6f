/** Files the user names (an env file, an import map): a missing one is one line saying which. */
import { statSync, type Stats } from 'node:fs';
import { TaskError, messageOf } from '../task-error.js';

/** stat() of `file`, or a TaskError `<what>: <file> does not exist` (or the system's reason). */
export function statUserFile(file: string, what: string, suggestion: string): Stats {
  try {
    return statSync(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? `${file} does not exist` : messageOf(error);
    throw new TaskError(`${what}: ${reason}`, suggestion);
  }
}
