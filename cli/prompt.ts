/** Prompts on stderr, answered on stdin. Without a terminal the default is taken silently, so scripts never hang. */
import type { CommandContext } from './context.js';

/** A yes/no question (`[Y/n]` or `[y/N]`); accepts y, yes, n, no in any case, empty for the default. */
export async function confirm(ctx: Pick<CommandContext, 'io'>, label: string, defaultYes: boolean): Promise<boolean> {
  if (!ctx.io.interactive) return defaultYes;
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  try {
    for (;;) {
      const answer = (await rl.question(`${label} ${defaultYes ? '[Y/n]' : '[y/N]'} `)).trim().toLowerCase();
      if (answer === '') return defaultYes;
      if (answer === 'y' || answer === 'yes') return true;
      if (answer === 'n' || answer === 'no') return false;
    }
  } finally {
    rl.close();
  }
}
