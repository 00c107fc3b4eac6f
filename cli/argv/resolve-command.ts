/**
 * Finds which command a command line names. Like cobra, it skips flags while walking down the
 * tree, and assumes a flag it does not know yet (it may belong to a deeper command) takes a value
 * unless written with `=`.
 */
import { effectiveFlags, findChild, rootCommand, type CommandNode } from '../registry/index.js';
import { HELP_FLAG, VERSION_FLAG, takesNoValue } from './tokenize.js';

export interface ResolvedCommand {
  node: CommandNode;
  /** Indexes in argv of the words that named the command. */
  pathIndexes: Set<number>;
  /** The first word after the path that is neither a flag nor a subcommand, if any. */
  firstPositional?: string;
}

/** Walks argv down the command tree. */
export function resolveCommand(argv: readonly string[]): ResolvedCommand {
  let node = rootCommand;
  const pathIndexes = new Set<number>();
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index];
    if (word === '--') return { node, pathIndexes, firstPositional: argv[index + 1] };
    if (word.startsWith('-') && word.length > 1) {
      if (!word.includes('=') && flagTakesNextWord(node, word)) index++;
      continue;
    }
    const child = findChild(node, word);
    if (!child) return { node, pathIndexes, firstPositional: word };
    node = child;
    pathIndexes.add(index);
  }
  return { node, pathIndexes };
}

function flagTakesNextWord(node: CommandNode, word: string): boolean {
  const flags = [...effectiveFlags(node), HELP_FLAG, VERSION_FLAG];
  if (word.startsWith('--')) {
    const flag = flags.find((candidate) => candidate.name === word.slice(2));
    return flag ? !takesNoValue(flag) : true;
  }
  if (word.length !== 2) return false;
  const flag = flags.find((candidate) => candidate.short === word[1]);
  return flag ? !takesNoValue(flag) : true;
}

/** Names close to a mistyped command word, for "Did you mean" suggestions. */
export function suggestCommands(node: CommandNode, word: string): string[] {
  return node.children
    .filter((child) => !child.spec.hidden)
    .map((child) => child.name)
    .filter((name) => name.startsWith(word) || editDistance(name, word) <= 2);
}

function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, column) => column);
  for (let row = 1; row <= a.length; row++) {
    let diagonal = previous[0];
    previous[0] = row;
    for (let column = 1; column <= b.length; column++) {
      const above = previous[column];
      previous[column] = Math.min(
        previous[column] + 1,
        previous[column - 1] + 1,
        diagonal + (a[row - 1] === b[column - 1] ? 0 : 1),
      );
      diagonal = above;
    }
  }
  return previous[b.length];
}
