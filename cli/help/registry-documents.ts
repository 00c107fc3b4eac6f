/**
 * What the registry renders of itself: help pages, the Fig autocomplete spec and the docs site's
 * command spec. The dispatcher hands them to the commands that print them (help,
 * generateFigSpec, docs-spec) in their context: the registry links every handler, so a handler
 * that imported the registry back would close an import circle.
 */
import { resolveCommand } from '../argv/resolve-command.js';
import type { RegistryDocuments } from '../context.js';
import { renderHelp } from './render-help.js';

export const registryDocuments: RegistryDocuments = {
  helpPage(words) {
    const { node, firstPositional } = resolveCommand(words);
    return firstPositional === undefined ? renderHelp(node) : undefined;
  },
  // Loaded when asked for: only their own commands need them.
  figSpec: async (includeHidden) => (await import('../completion/fig-spec.js')).figSpecText(includeHidden),
  cliSpec: async () => `${JSON.stringify((await import('../docs/cli-spec.js')).buildCliSpec(), null, 2)}\n`,
};
