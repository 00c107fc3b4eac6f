/** Starts the refill of the spare database (spare-refill-main.ts) as a detached process the command does not wait for. */
import { spawn } from 'node:child_process';
import { baseChildEnv, nodeEntry } from '../native/supervised-process.js';

export function startSpareRefill(adminUrl: string, env: NodeJS.ProcessEnv): void {
  try {
    const child = spawn(process.execPath, nodeEntry('tasks/db/spare-refill-main'), {
      detached: true,
      stdio: 'ignore',
      env: { ...baseChildEnv(env), SUPABASE_SPARE_ADMIN_URL: adminUrl },
    });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No spare then: the next reset copies the template itself.
  }
}
