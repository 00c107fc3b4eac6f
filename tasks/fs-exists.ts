/** Whether a path exists (any error reading it counts as "no", as the callers only branch on it). */
import { stat } from 'node:fs/promises';

export async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined)) !== undefined;
}
