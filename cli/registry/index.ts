/**
 * The command registry: every command of the tool as data, and the tree that dispatch, help,
 * completion and the spec export walk. Importing this loads only declarations, never handlers.
 */
import { localCommands } from './commands/local.commands.js';
import { dbCommands } from './commands/db.commands.js';
import { migrationCommands } from './commands/migration.commands.js';
import { inspectCommands } from './commands/inspect.commands.js';
import { genCommands } from './commands/gen.commands.js';
import { testCommands } from './commands/test.commands.js';
import { functionsCommands } from './commands/functions.commands.js';
import { platformCommands } from './commands/platform.commands.js';
import { projectSettingsCommands } from './commands/project-settings.commands.js';
import { storageCommands } from './commands/storage.commands.js';
import { additionalCommands } from './commands/additional.commands.js';
import { toolCommands } from './commands/tool.commands.js';
import type { CommandSpec, FlagSpec } from './types.js';

export type { CommandSpec, FlagSpec } from './types.js';

/** A command in the tree, with its resolved parent and children. */
export interface CommandNode {
  spec: CommandSpec;
  /** Last word of the path (`push` for `db push`); `supabase` for the root. */
  name: string;
  parent?: CommandNode;
  children: CommandNode[];
}

/** Every declaration, root first, in the order the help lists them. */
export const commandSpecs: CommandSpec[] = [
  ...additionalCommands.filter((spec) => spec.path === ''),
  ...localCommands,
  ...dbCommands,
  ...migrationCommands,
  ...inspectCommands,
  ...genCommands,
  ...testCommands,
  ...functionsCommands,
  ...platformCommands,
  ...projectSettingsCommands,
  ...storageCommands,
  ...additionalCommands.filter((spec) => spec.path !== ''),
  ...toolCommands,
];

function buildTree(specs: CommandSpec[]): { root: CommandNode; byPath: Map<string, CommandNode> } {
  const byPath = new Map<string, CommandNode>();
  for (const spec of specs) {
    if (byPath.has(spec.path)) throw new Error(`command declared twice: "${spec.path}"`);
    const words = spec.path.split(' ');
    byPath.set(spec.path, { spec, name: spec.path === '' ? 'supabase' : words[words.length - 1], children: [] });
  }
  for (const node of byPath.values()) {
    if (node.spec.path === '') continue;
    const parentPath = node.spec.path.split(' ').slice(0, -1).join(' ');
    const parent = byPath.get(parentPath);
    if (!parent) throw new Error(`command "${node.spec.path}" has no parent "${parentPath}"`);
    node.parent = parent;
    parent.children.push(node);
  }
  const root = byPath.get('');
  if (!root) throw new Error('the registry has no root command');
  return { root, byPath };
}

const tree = buildTree(commandSpecs);

/** The root command, `supabase`. */
export const rootCommand: CommandNode = tree.root;

/** Looks a command up by its space-separated path. */
export function findCommand(path: string): CommandNode | undefined {
  return tree.byPath.get(path);
}

/** All nodes, root first. */
export function allCommands(): CommandNode[] {
  return [...tree.byPath.values()];
}

/** A child by name or alias. */
export function findChild(node: CommandNode, word: string): CommandNode | undefined {
  return node.children.find((child) => child.name === word || child.spec.aliases?.includes(word));
}

/** Whether the command runs something itself, as opposed to only grouping children. */
export function isRunnable(node: CommandNode): boolean {
  return node.spec.runnable !== false;
}

/** The flags a command declares itself (not inherited). */
export function localFlags(node: CommandNode): FlagSpec[] {
  return node.spec.flags ?? [];
}

/** Persistent flags that reach this command from its ancestors, nearest ancestor first. */
export function inheritedFlags(node: CommandNode): FlagSpec[] {
  const own = new Set(localFlags(node).map((flag) => flag.name));
  const seen = new Set<string>();
  const result: FlagSpec[] = [];
  for (let ancestor = node.parent; ancestor; ancestor = ancestor.parent) {
    for (const flag of localFlags(ancestor)) {
      if (!flag.persistent || own.has(flag.name) || seen.has(flag.name)) continue;
      seen.add(flag.name);
      result.push(flag);
    }
  }
  return result;
}

/** Every flag a command accepts: its own, then the inherited ones. */
export function effectiveFlags(node: CommandNode): FlagSpec[] {
  return [...localFlags(node), ...inheritedFlags(node)];
}

/** Whether the command needs `--experimental` (each gated command carries the mark itself). */
export function isExperimental(node: CommandNode): boolean {
  return node.spec.experimental === true;
}

/** The full command line prefix, e.g. `supabase db push`. */
export function commandLine(node: CommandNode): string {
  return node.spec.path === '' ? 'supabase' : `supabase ${node.spec.path}`;
}
