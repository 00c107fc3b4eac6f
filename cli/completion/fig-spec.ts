/** The autocomplete spec for the Fig terminal, built from the registry (`supabase generateFigSpec` prints it). */
import { rootCommand, type CommandNode } from '../registry/index.js';
import type { FlagSpec } from '../registry/types.js';

interface FigOption {
  name: string | string[];
  description: string;
  isRepeatable?: boolean;
  isPersistent?: boolean;
  isRequired?: boolean;
  hidden?: boolean;
  args?: { name: string; suggestions?: string[] };
}

interface FigCommand {
  name: string | string[];
  description: string;
  hidden?: boolean;
  subcommands?: FigCommand[];
  options?: FigOption[];
}

function figOption(flag: FlagSpec): FigOption {
  const option: FigOption = { name: flag.short ? [`--${flag.name}`, `-${flag.short}`] : `--${flag.name}`, description: flag.description };
  if (flag.type !== 'bool') option.args = { name: flag.type === 'enum' ? 'value' : flag.type, ...(flag.values ? { suggestions: [...flag.values] } : {}) };
  if (flag.type === 'stringSlice' || flag.type === 'stringArray') option.isRepeatable = true;
  if (flag.persistent) option.isPersistent = true;
  if (flag.required) option.isRequired = true;
  if (flag.hidden) option.hidden = true;
  return option;
}

function figCommand(node: CommandNode, includeHidden: boolean): FigCommand {
  const children = node.children.filter((child) => includeHidden || !child.spec.hidden);
  // Persistent flags are declared once, where Fig's isPersistent passes them down.
  const flags = (node.spec.flags ?? []).filter((flag) => includeHidden || !flag.hidden);
  const command: FigCommand = {
    name: node.spec.aliases?.length ? [node.name, ...node.spec.aliases] : node.name,
    description: node.spec.summary,
  };
  if (node.spec.hidden) command.hidden = true;
  if (children.length) command.subcommands = children.map((child) => figCommand(child, includeHidden));
  if (flags.length) command.options = flags.map(figOption);
  return command;
}

/** The spec as the TypeScript module Fig reads. */
export function figSpecText(includeHidden: boolean): string {
  return `const completionSpec: Fig.Spec = ${JSON.stringify(figCommand(rootCommand, includeHidden), null, 2)};\n\nexport default completionSpec;\n`;
}
