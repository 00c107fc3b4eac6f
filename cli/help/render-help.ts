/**
 * `--help` text, laid out like cobra's so users of the original find things where they expect
 * them, with accepted values always visible.
 */
import { VERSION } from '../version.js';
import { defaultValue, isZeroDefault } from '../registry/defaults.js';
import {
  commandLine,
  inheritedFlags,
  isExperimental,
  isRunnable,
  localFlags,
  type CommandNode,
} from '../registry/index.js';
import type { FlagSpec, HelpGroup } from '../registry/types.js';
import { HELP_FLAG, VERSION_FLAG } from '../argv/tokenize.js';
import { typeWord } from './flag-type.js';
import { byName } from '../sort.js';

const GROUP_TITLES: Record<HelpGroup, string> = {
  'local-dev': 'Local Development:',
  'management-api': 'Management APIs:',
  additional: 'Additional Commands:',
};

function defaultNote(flag: FlagSpec): string {
  if (isZeroDefault(flag)) return '';
  const value = defaultValue(flag);
  if (Array.isArray(value)) return ` (default [${value.join(',')}])`;
  return flag.type === 'string' ? ` (default "${value}")` : ` (default ${value})`;
}

/** Accepted values that the type word could not show. */
function valuesNote(flag: FlagSpec): string {
  if (!flag.values?.length) return '';
  if (flag.type === 'enum' && typeWord(flag) !== 'string') return '';
  return ` (accepted: ${flag.values.join(', ')})`;
}

/** Flag lines with aligned descriptions, sorted by name as cobra sorts them. */
export function renderFlagLines(flags: FlagSpec[]): string {
  const visible = flags.filter((flag) => !flag.hidden).sort(byName);
  const heads = visible.map((flag) => {
    const names = flag.short ? `  -${flag.short}, --${flag.name}` : `      --${flag.name}`;
    const type = typeWord(flag);
    return type ? `${names} ${type}` : names;
  });
  const width = Math.max(0, ...heads.map((head) => head.length));
  return visible
    .map((flag, index) => {
      const env = flag.env ? ` [env ${flag.env}]` : '';
      return `${heads[index].padEnd(width)}   ${flag.description}${valuesNote(flag)}${defaultNote(flag)}${env}`;
    })
    .join('\n');
}

function commandList(nodes: CommandNode[], width: number): string {
  return nodes.map((node) => `  ${node.name.padEnd(width)}${node.spec.summary}`).join('\n');
}

function usageLines(node: CommandNode): string[] {
  const lines: string[] = [];
  if (isRunnable(node)) {
    const args = node.spec.args?.usage ? ` ${node.spec.args.usage}` : '';
    lines.push(`  ${commandLine(node)}${args} [flags]`);
  }
  if (node.children.some((child) => !child.spec.hidden)) lines.push(`  ${commandLine(node)} [command]`);
  return lines;
}

function childSections(node: CommandNode): string[] {
  const visible = node.children.filter((child) => !child.spec.hidden).sort(byName);
  if (visible.length === 0) return [];
  // One padding for every group, so the summaries line up down the whole page.
  const width = Math.max(11, ...visible.map((child) => child.name.length + 1));
  if (node.parent) return [`Available Commands:\n${commandList(visible, width)}`];
  const order: HelpGroup[] = ['local-dev', 'management-api', 'additional'];
  return order
    .map((group) => visible.filter((child) => child.spec.group === group))
    .filter((members) => members.length > 0)
    .map((members) => `${GROUP_TITLES[members[0].spec.group]}\n${commandList(members, width)}`);
}

/** The whole help page of a command. */
export function renderHelp(node: CommandNode): string {
  const sections: string[] = [];
  sections.push(node.parent ? node.spec.description ?? node.spec.summary : `Supabase CLI ${VERSION}\n\n${node.spec.description ?? ''}`.trim());
  if (isExperimental(node)) sections.push('This command is experimental: run it with --experimental.');
  if (node.spec.deprecated) sections.push(`Deprecated: ${node.spec.deprecated}`);
  sections.push(`Usage:\n${usageLines(node).join('\n')}`);
  if (node.spec.aliases?.length) sections.push(`Aliases:\n  ${[node.name, ...node.spec.aliases].join(', ')}`);
  const examples = node.spec.examples ?? [];
  if (examples.length) {
    sections.push(`Examples:\n${examples.map((example) => `  # ${example.name}\n  ${example.code}`).join('\n\n')}`);
  }
  sections.push(...childSections(node));
  const own = [...localFlags(node), { ...HELP_FLAG, description: `help for ${node.name}` }];
  if (!node.parent) own.push(VERSION_FLAG);
  sections.push(`Flags:\n${renderFlagLines(own)}`);
  const inherited = inheritedFlags(node);
  if (inherited.some((flag) => !flag.hidden)) sections.push(`Global Flags:\n${renderFlagLines(inherited)}`);
  if (node.children.some((child) => !child.spec.hidden)) {
    sections.push(`Use "${commandLine(node)} [command] --help" for more information about a command.`);
  }
  return sections.join('\n\n') + '\n';
}
