/**
 * Graphviz DOT for a machine: composite states are clusters; an edge to or from a composite state
 * is drawn to its initial leaf and clipped at the cluster (compound=true, lhead/ltail).
 */
import { transitionLabel, type DiagramState, type MachineDiagram } from './diagram-model.js';
import { expandRootTransitions } from './mermaid.js';

/** The DOT text of one machine, ending with a newline. */
export function toDot(diagram: MachineDiagram): string {
  const byId = new Map(diagram.states.map((state) => [state.id, state]));
  const leafOf = (id: string): string => {
    let state = byId.get(id);
    while (state?.type === 'compound') state = byId.get(state.initial!);
    return state?.id ?? id;
  };
  const lines = [
    `digraph ${quote(diagram.name)} {`,
    '  compound=true;',
    '  rankdir=LR;',
    `  label=${quote(`${diagram.name}: ${diagram.description}`)};`,
    '  node [shape=box, style=rounded, fontsize=10];',
    '  edge [fontsize=9];',
    '  "__initial" [shape=point, label=""];',
    `  "__initial" -> ${quote(leafOf(diagram.initial))};`,
  ];
  const block = (parent: string | undefined, indent: string): void => {
    for (const state of diagram.states.filter((candidate) => candidate.parent === parent)) {
      if (state.type === 'compound') {
        lines.push(`${indent}subgraph ${quote(`cluster_${state.id}`)} {`);
        lines.push(`${indent}  label=${quote(state.description ? `${state.key}: ${state.description}` : state.key)};`);
        block(state.id, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}${quote(state.id)} [label=${quote(nodeLabel(state))}${state.meta.task ? ', style="rounded,dashed"' : ''}];`);
      }
    }
  };
  block(undefined, '  ');
  for (const transition of expandRootTransitions(diagram)) {
    const source = byId.get(transition.source);
    const target = byId.get(transition.target ?? transition.source);
    const attributes = [`label=${quote(transitionLabel(transition))}`];
    if (source?.type === 'compound') attributes.push(`ltail=${quote(`cluster_${source.id}`)}`);
    if (target?.type === 'compound' && target !== source) attributes.push(`lhead=${quote(`cluster_${target.id}`)}`);
    lines.push(`  ${quote(leafOf(transition.source))} -> ${quote(leafOf(transition.target ?? transition.source))} [${attributes.join(', ')}];`);
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}

function nodeLabel(state: DiagramState): string {
  const parts = [state.key];
  if (state.meta.task) parts.push(`task: ${state.meta.task}`);
  if (state.meta.warning) parts.push('(warns users)');
  return parts.join('\n');
}

/** A DOT string literal. */
function quote(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`;
}
