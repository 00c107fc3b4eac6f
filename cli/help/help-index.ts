/**
 * Every help page, rendered at build time (scripts/write-help-index.js writes it to
 * dist/help-index.json). bin/supabase.js answers `supabase [command ...] --help` and `--version`
 * from that file alone, without loading the CLI: they then cost about as much as starting Node.
 */
import { allCommands } from '../registry/index.js';
import { VERSION } from '../version.js';
import { renderHelp } from './render-help.js';

/** One command's page and the words that lead on from it. */
export interface HelpEntry {
  /** The text `--help` prints. */
  help: string;
  /** Child command path by every word that names it (name and aliases). */
  children: Record<string, string>;
}

/** The file's content: the version `--version` prints, and entries by command path (`""` is the root). */
export interface HelpIndex {
  version: string;
  commands: Record<string, HelpEntry>;
}

/** The index of the registry as it is now. */
export function buildHelpIndex(): HelpIndex {
  const commands: Record<string, HelpEntry> = {};
  for (const node of allCommands()) {
    const children: Record<string, string> = {};
    for (const child of node.children) {
      for (const word of [child.name, ...(child.spec.aliases ?? [])]) children[word] = child.spec.path;
    }
    commands[node.spec.path] = { help: renderHelp(node), children };
  }
  return { version: VERSION, commands };
}
