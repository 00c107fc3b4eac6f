/**
 * Prompts on stderr, answered on stdin. Without a terminal the default is taken silently, so scripts
 * never hang. They read like the original's: a plain label, no decorative prefix.
 */
import type { CommandContext } from './context.js';

/** Whether stdin is a terminal: the test the original makes before every prompt. */
export function stdinIsTerminal(ctx: Pick<CommandContext, 'io'>): boolean {
  return ctx.io.stdinTerminal ?? ctx.io.interactive;
}

/** A yes/no question (`[Y/n]` or `[y/N]`); accepts y, yes, n, no in any case, empty for the default. */
export async function confirm(ctx: Pick<CommandContext, 'io'>, label: string, defaultYes: boolean): Promise<boolean> {
  if (!stdinIsTerminal(ctx)) return defaultYes;
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

/** An item of a choice list: the value returned, the line shown, and optional details shown beside it. */
export interface Choice<T> {
  value: T;
  name: string;
  description?: string;
}

/** The prompt library writes to stderr, as every prompt of the original does, keeping stdout for results. */
const PROMPT_STREAMS = () => ({ input: process.stdin, output: process.stderr, clearPromptOnDone: true });

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

/**
 * A list to choose one item from with the arrow keys; only called when the session is interactive.
 * Items read as the original's list does: `1. <name> [<details>]`, the current one marked `>`.
 */
export async function choose<T>(title: string, choices: Choice<T>[]): Promise<T> {
  const { select } = await import('@inquirer/prompts');
  const items = choices.map((choice) => ({
    value: choice.value,
    name: choice.description ? `${choice.name} [${choice.description}]` : choice.name,
    short: choice.name,
  }));
  const theme = { prefix: '', indexMode: 'number' as const, icon: { cursor: '>' }, style: { message: (text: string) => text } };
  return asked(select({ message: title, choices: items, pageSize: 12, theme }, PROMPT_STREAMS()));
}

/** A line of text; only called when the session is interactive. */
export async function askText(label: string): Promise<string> {
  const { input } = await import('@inquirer/prompts');
  return asked(input({ message: label, theme: { prefix: '', style: { message: (text: string) => text } } }, PROMPT_STREAMS()));
}

/**
 * A secret typed without echo, after `label` on stderr, followed by a line break. Without a
 * terminal the original reads the whole of standard input (untrimmed) instead, so a script can
 * pipe the secret in. Written here rather than with the prompt library because the original shows
 * nothing but its label (no marker, no "[input is masked]" hint), and readline with a muted
 * output does exactly that.
 */
export async function askSecret(ctx: Pick<CommandContext, 'io'>, label: string): Promise<string> {
  if (!stdinIsTerminal(ctx)) {
    ctx.io.stderr(label);
    const piped = await ctx.io.readStdin();
    ctx.io.stderr('\n');
    return piped;
  }
  const { Writable } = await import('node:stream');
  const { createInterface } = await import('node:readline');
  const { UserError } = await import('./errors.js');
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  // The terminal stops echoing (raw mode) before the label invites typing.
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  ctx.io.stderr(label);
  try {
    return await new Promise<string>((resolve, reject) => {
      rl.once('line', resolve);
      rl.once('SIGINT', () => reject(new UserError('context canceled')));
      rl.once('close', () => resolve(''));
    });
  } finally {
    rl.close();
    ctx.io.stderr('\n');
  }
}
