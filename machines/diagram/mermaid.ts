/**
 * Mermaid stateDiagram-v2 text for a machine. States are nested as in the machine; a transition is
 * written inside the innermost composite state that holds both its ends, which is where Mermaid
 * lays it out best. Descriptions, tasks and warnings become description lines and notes.
 */
import { topLevelStates, transitionLabel, type DiagramState, type DiagramTransition, type MachineDiagram } from './diagram-model.js';

/** The Mermaid text of one machine, ending with a newline. */
export function toMermaid(diagram: MachineDiagram): string {
  const lines = ['stateDiagram-v2', `  %% ${clean(diagram.name)}: ${clean(diagram.description)}`];
  const children = (parent: string | undefined) => diagram.states.filter((state) => state.parent === parent);
  const transitions = expandRootTransitions(diagram);

  const block = (parent: string | undefined, indent: string, initial: string): void => {
    lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
    for (const state of children(parent)) {
      if (state.type === 'compound') {
        lines.push(`${indent}state ${mermaidId(state.id)} {`);
        block(state.id, `${indent}  `, state.initial!);
        lines.push(`${indent}}`);
        if (state.description) lines.push(`${indent}note right of ${mermaidId(state.id)} : ${clean(state.description)}`);
      } else {
        for (const text of descriptionLines(state)) lines.push(`${indent}${mermaidId(state.id)} : ${clean(text)}`);
      }
    }
    for (const transition of transitions.filter((t) => commonParent(t) === parent)) {
      lines.push(`${indent}${mermaidId(transition.source)} --> ${mermaidId(transition.target ?? transition.source)} : ${clean(transitionLabel(transition))}`);
    }
  };
  block(undefined, '  ', diagram.initial);
  return lines.join('\n') + '\n';
}

/** Transitions defined on the root apply in every state: drawn from each top-level state. */
export function expandRootTransitions(diagram: MachineDiagram): DiagramTransition[] {
  return diagram.transitions.flatMap((transition) =>
    transition.source === '' ? topLevelStates(diagram).map((state) => ({ ...transition, source: state.id })) : [transition],
  );
}

function descriptionLines(state: DiagramState): string[] {
  const lines = [state.description ?? state.key];
  if (state.meta.task) lines.push(`task ${state.meta.task}, on error ${state.meta.failure ?? 'INTERRUPTED'}`);
  if (state.meta.warning) lines.push(`warning - ${state.meta.warning}`);
  if (state.meta.recover) lines.push(`recovers with ${state.meta.recover.type}`);
  return lines;
}

/** The composite state that holds both ends of a transition (undefined: the top level). */
function commonParent(transition: DiagramTransition): string | undefined {
  const a = transition.source.split('.').slice(0, -1);
  const b = (transition.target ?? transition.source).split('.').slice(0, -1);
  const shared: string[] = [];
  for (let index = 0; index < Math.min(a.length, b.length) && a[index] === b[index]; index++) shared.push(a[index]);
  return shared.length ? shared.join('.') : undefined;
}

/** Mermaid ids are words: the dotted path joined with underscores. */
export function mermaidId(path: string): string {
  return path.replaceAll('.', '_').replaceAll('-', '_');
}

/**
 * Text after `:` runs to the end of the line, but `;` ends a statement, `#` starts an entity,
 * braces open blocks and angle brackets are HTML: replace them, keep everything else.
 */
function clean(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replaceAll('-->', '->')
    .replaceAll(';', ',')
    .replaceAll('#', 'no. ')
    .replaceAll('{', '(')
    .replaceAll('}', ')')
    .replaceAll('<', '‹')
    .replaceAll('>', '›')
    .replaceAll(':', ' -')
    .replaceAll('"', "'")
    .trim();
}
