/**
 * The command-documentation spec the docs site renders (the shape of the original's
 * `cli_v1_commands.yaml`), built from the registry so the reference can never drift from the tool.
 */
import { HELP_FLAG } from '../argv/tokenize.js';
import { typeWord } from '../help/flag-type.js';
import { formatDefault } from '../registry/defaults.js';
import { allCommands, commandLine, effectiveFlags, isRunnable, rootCommand, type CommandNode } from '../registry/index.js';
import type { Example, FlagSpec, HelpGroup, Link } from '../registry/types.js';
import { VERSION } from '../version.js';
import { proseToMarkdown } from './prose-markdown.js';

export interface SpecFlag {
  id: string;
  name: string;
  description: string;
  default_value: string;
  required?: boolean;
  accepted_values?: Array<{ id: string; name: string; type: string }>;
}

export interface SpecCommand {
  id: string;
  title: string;
  summary: string;
  description?: string;
  examples?: Example[];
  tags: string[];
  links: Link[];
  usage?: string;
  subcommands: string[];
  flags: SpecFlag[];
}

export interface CliSpec {
  clispec: '001';
  info: {
    id: 'cli';
    version: string;
    title: string;
    language: 'sh';
    source: string;
    bugs: string;
    spec: string;
    description: string;
    tags: Array<{ id: string; title: string }>;
  };
  flags: SpecFlag[];
  commands: SpecCommand[];
}

const TAG_IDS: Record<HelpGroup, string> = {
  'local-dev': 'local-dev',
  'management-api': 'management-api',
  additional: 'other-commands',
};

/** `supabase-db-push` for `db push`. */
export function commandId(node: CommandNode): string {
  return commandLine(node).replace(/ /g, '-');
}

function specFlag(flag: FlagSpec): SpecFlag {
  const type = typeWord(flag);
  const names = flag.short ? `-${flag.short}, --${flag.name}` : `--${flag.name}`;
  const entry: SpecFlag = {
    id: flag.name,
    name: type ? `${names} <${type}>` : names,
    description: proseToMarkdown(flag.description),
    default_value: formatDefault(flag),
  };
  if (flag.required) entry.required = true;
  if (flag.values?.length) entry.accepted_values = flag.values.map((value) => ({ id: value, name: value, type: 'string' }));
  return entry;
}

function usage(node: CommandNode): string {
  const args = node.spec.args?.usage ? ` ${node.spec.args.usage}` : '';
  return isRunnable(node) ? `${commandLine(node)}${args} [flags]` : `${commandLine(node)} [command]`;
}

function specCommand(node: CommandNode): SpecCommand {
  const rootFlags = new Set((rootCommand.spec.flags ?? []).map((flag) => flag.name));
  const command: SpecCommand = {
    id: commandId(node),
    title: commandLine(node),
    summary: node.spec.summary,
    tags: [TAG_IDS[node.spec.group], ...(node.spec.tags ?? [])].filter((tag, index, all) => all.indexOf(tag) === index),
    links: node.spec.links ?? [],
    usage: usage(node),
    subcommands: node.children.filter((child) => !child.spec.hidden).map(commandId),
    flags: effectiveFlags(node).filter((flag) => !flag.hidden && !rootFlags.has(flag.name)).map(specFlag),
  };
  // The registry's texts are written for the terminal; the spec's descriptions are Markdown.
  if (node.spec.description) command.description = proseToMarkdown(node.spec.description);
  if (node.spec.examples?.length) command.examples = node.spec.examples;
  return command;
}

/** The whole spec: info, global flags, and every visible command. */
export function buildCliSpec(): CliSpec {
  return {
    clispec: '001',
    info: {
      id: 'cli',
      version: VERSION,
      title: 'Supabase CLI',
      language: 'sh',
      source: 'https://github.com/supabase/cli',
      bugs: 'https://github.com/supabase/cli/issues',
      spec: 'cli_v1_commands.json',
      description: proseToMarkdown(rootCommand.spec.description ?? ''),
      tags: [
        { id: 'local-dev', title: 'Local Development' },
        { id: 'management-api', title: 'Management APIs' },
        { id: 'other-commands', title: 'Additional Commands' },
      ],
    },
    flags: [...(rootCommand.spec.flags ?? []), HELP_FLAG].map(specFlag).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
    commands: allCommands().filter((node) => node.parent && !node.spec.hidden).map(specCommand),
  };
}
