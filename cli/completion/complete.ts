/**
 * Answers completion requests from the shell scripts: given the words typed so far (the last one
 * possibly partial), the candidates from the registry, one `name<TAB>description` a line, then a
 * `:<directive>` line telling the script whether file names may be offered instead.
 */
import { resolveCommand } from '../argv/resolve-command.js';
import { HELP_FLAG, VERSION_FLAG } from '../argv/tokenize.js';
import { effectiveFlags, type CommandNode } from '../registry/index.js';
import type { FlagSpec } from '../registry/types.js';

/** Same numbers as cobra's directives, so scripts written for cobra programs understand them. */
export const Directive = { Default: 0, NoSpace: 2, NoFileComp: 4 } as const;

export interface Candidate {
  value: string;
  description: string;
}

export interface Completion {
  candidates: Candidate[];
  directive: number;
}

function flagsOf(node: CommandNode): FlagSpec[] {
  return [...effectiveFlags(node), HELP_FLAG, ...(node.parent ? [] : [VERSION_FLAG])].filter((flag) => !flag.hidden);
}

function valueCandidates(flag: FlagSpec, partial: string, prefix = ''): Completion {
  if (!flag.values?.length) return { candidates: [], directive: Directive.Default };
  // Slices take comma-separated lists: complete the item after the last comma.
  const lastComma = flag.type === 'stringSlice' ? partial.lastIndexOf(',') : -1;
  const head = partial.slice(0, lastComma + 1);
  const tail = partial.slice(lastComma + 1);
  return {
    candidates: flag.values
      .filter((value) => value.startsWith(tail))
      .map((value) => ({ value: `${prefix}${head}${value}`, description: flag.description })),
    directive: Directive.NoFileComp,
  };
}

/** Computes completions for `words`, the arguments after `supabase`, the last being the partial word. */
export function complete(words: readonly string[]): Completion {
  const typed = words.slice(0, -1);
  const partial = words.length > 0 ? words[words.length - 1] : '';
  const { node } = resolveCommand(typed);
  const flags = flagsOf(node);

  const previous = typed[typed.length - 1];
  if (previous?.startsWith('-') && !previous.includes('=')) {
    const flag = previous.startsWith('--')
      ? flags.find((candidate) => candidate.name === previous.slice(2))
      : flags.find((candidate) => candidate.short === previous.slice(-1) && previous.length === 2);
    if (flag && flag.type !== 'bool') return valueCandidates(flag, partial);
  }

  if (partial.startsWith('--') && partial.includes('=')) {
    const [name] = partial.slice(2).split('=', 1);
    const flag = flags.find((candidate) => candidate.name === name);
    return flag ? valueCandidates(flag, partial.slice(name.length + 3), `--${name}=`) : { candidates: [], directive: Directive.NoFileComp };
  }

  if (partial.startsWith('-')) {
    const candidates = flags
      .flatMap((flag) => [
        { value: `--${flag.name}`, description: flag.description },
        ...(flag.short && partial.length <= 2 ? [{ value: `-${flag.short}`, description: flag.description }] : []),
      ])
      .filter((candidate) => candidate.value.startsWith(partial));
    return { candidates, directive: Directive.NoFileComp };
  }

  const subcommands = node.children
    .filter((child) => !child.spec.hidden)
    .flatMap((child) => [child.name, ...(child.spec.aliases ?? [])].map((value) => ({ value, description: child.spec.summary })))
    .filter((candidate) => candidate.value.startsWith(partial));
  if (subcommands.length > 0 || node.children.length > 0) return { candidates: subcommands, directive: Directive.NoFileComp };
  return { candidates: [], directive: Directive.Default };
}

/** The text the scripts read. */
export function formatCompletion(completion: Completion, withDescriptions: boolean): string {
  const lines = completion.candidates.map((candidate) =>
    withDescriptions ? `${candidate.value}\t${candidate.description}` : candidate.value,
  );
  return [...lines, `:${completion.directive}`].join('\n') + '\n';
}
