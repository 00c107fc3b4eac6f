/** The diagram formats of `supabase machines`, by name. */
import type { MachineDefinition } from '../kit/machine-kit.js';
import { diagramOf } from './diagram-model.js';
import { toDot } from './dot.js';
import { toMermaid } from './mermaid.js';

export const DIAGRAM_FORMATS = ['mermaid', 'dot', 'json'] as const;
export type DiagramFormat = (typeof DIAGRAM_FORMATS)[number];

/**
 * The text for some machines in a format. One machine gives one diagram; several give one
 * diagram each, separated by a blank line (JSON: an array).
 */
export function renderDiagrams(definitions: readonly MachineDefinition[], format: DiagramFormat): string {
  const diagrams = definitions.map(diagramOf);
  if (format === 'json') return JSON.stringify(diagrams.length === 1 ? diagrams[0] : diagrams, null, 2) + '\n';
  const render = format === 'dot' ? toDot : toMermaid;
  return diagrams.map(render).join('\n');
}
