/**
 * The README's command table, generated from the registry so it cannot drift: a command is
 * "works" when its handler has landed, "not yet" while it only parses and validates.
 * `npx tsx scripts/readme-commands.ts --write` refreshes README.md; a test checks it is current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { allCommands, isRunnable, type CommandNode } from '../cli/registry/index.js';

export const README = fileURLToPath(new URL('../README.md', import.meta.url));
const START = '<!-- commands:start -->';
const END = '<!-- commands:end -->';

function topLevel(node: CommandNode): string {
  return node.spec.path.split(' ')[0];
}

/** One row per top-level command: its runnable commands and which of them work. */
export function commandStatusTable(): string {
  const runnable = allCommands().filter((node) => node.parent && isRunnable(node) && !node.spec.hidden);
  const groups = [...new Set(runnable.map(topLevel))];
  const rows = groups.map((group) => {
    const members = runnable.filter((node) => topLevel(node) === group);
    const working = members.filter((node) => node.spec.load);
    const status = working.length === members.length ? 'works' : working.length === 0 ? 'not yet' : 'partly';
    const names = members.map((node) => (node.spec.load ? `\`${node.spec.path}\`` : `${node.spec.path}`)).join(', ');
    return `| \`${group}\` | ${status} (${working.length}/${members.length}) | ${names} |`;
  });
  return ['| command | status | commands (working ones in code font) |', '| --- | --- | --- |', ...rows].join('\n');
}

/** README.md with the table between its markers replaced. */
export function refreshedReadme(text: string): string {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the ${START} / ${END} markers`);
  return `${text.slice(0, start + START.length)}\n${commandStatusTable()}\n${text.slice(end)}`;
}

if (process.argv.includes('--write')) {
  writeFileSync(README, refreshedReadme(readFileSync(README, 'utf8')));
}
