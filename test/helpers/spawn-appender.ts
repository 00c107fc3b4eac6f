/** Starting journal-appender.ts as a real child process (node --import tsx). */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./journal-appender.ts', import.meta.url));

/** Spawns an appender; resolves once it appended for the first time. */
export function spawnAppender(directory: string, writer: string, count: number | 'forever', batch = 1): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, directory, writer, String(count), String(batch)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`appender ${writer} exited with ${code} before it was ready`)));
    child.stdout!.once('data', () => {
      child.removeAllListeners('exit');
      resolve(child);
    });
  });
}

/** Resolves with the exit code (or signal) once the child has exited and been reaped. */
export function exited(child: ChildProcess): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}
