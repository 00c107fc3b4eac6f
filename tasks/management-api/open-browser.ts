/** Opens a URL in the user's browser with the platform's opener (xdg-open, open, or the Windows URL handler). */
import { spawn } from 'node:child_process';

function opener(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

/** Starts the opener and returns once it runs (it is not waited for); rejects when it cannot start. */
export function openInBrowser(url: string): Promise<void> {
  const [command, args] = opener(url);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
