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

/** An item of a choice list: the value returned, the line shown, and an optional detail line. */
export interface Choice<T> {
  value: T;
  name: string;
  description?: string;
}

/** The prompt library writes to stderr, as every prompt of the original does, keeping stdout for results. */
const PROMPT_STREAMS = () => ({ input: process.stdin, output: process.stderr });

/** Cancelling a prompt (Ctrl-C) ends the command quietly, as declining does. */
async function asked<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if ((error as Error).name === 'ExitPromptError') {
      const { UserError } = await import('./errors.js');
      throw new UserError('context canceled');
    }
    throw error;
  }
}

/** A list to choose one item from with the arrow keys; only called when the session is interactive. */
export async function choose<T>(title: string, choices: Choice<T>[]): Promise<T> {
  const { select } = await import('@inquirer/prompts');
  return asked(select({ message: title, choices, pageSize: 12 }, PROMPT_STREAMS()));
}

/** A line of text; only called when the session is interactive. */
export async function askText(label: string): Promise<string> {
  const { input } = await import('@inquirer/prompts');
  return asked(input({ message: label }, PROMPT_STREAMS()));
}

/**
 * A secret typed without echo. Without a terminal the original reads the whole of standard input
 * (untrimmed) instead, so a script can pipe the secret in.
 */
export async function askSecret(ctx: Pick<CommandContext, 'io'>, label: string): Promise<string> {
  if (!process.stdin.isTTY) return ctx.io.readStdin();
  const { password } = await import('@inquirer/prompts');
  return asked(password({ message: label, mask: false }, PROMPT_STREAMS()));
}
