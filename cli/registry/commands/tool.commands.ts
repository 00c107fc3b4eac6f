/** Commands this implementation adds on top of the original: the event journal and maintainer tools. */
import { outputFlag } from '../shared-flags.js';
import type { CommandSpec } from '../types.js';

export const toolCommands: CommandSpec[] = [
  {
    path: 'events',
    group: 'local-dev',
    summary: 'List what the tool has done to this project, from its event journal',
    description:
      'Every change to the local stack, migration history, branches and domains is recorded as an event ' +
      'in supabase/.temp. This prints them in order, optionally for one stream only.',
    args: { min: 0, max: 0, usage: '' },
    flags: [
      { name: 'stream', type: 'string', description: 'Only events of this stream (for example stack or migrations:local).' },
      outputFlag(['pretty', 'json'], 'pretty'),
    ],
    examples: [{ id: 'stack-history', name: 'Show the local stack\'s history', code: 'supabase events --stream stack' }],
    load: () => import('../../commands/events.command.js'),
  },
  {
    path: 'machines',
    group: 'additional',
    hidden: true,
    summary: 'Draw the tool\'s state machines (for maintainers)',
    description: 'Prints one state machine, or all of them, as a Mermaid or Graphviz diagram, or as JSON.',
    args: { min: 0, max: 1, usage: '[machine name]' },
    flags: [{ name: 'format', type: 'enum', values: ['mermaid', 'dot', 'json'], default: 'mermaid', description: 'Diagram language.' }],
    load: () => import('../../commands/machines.command.js'),
  },
  {
    path: 'docs-spec',
    group: 'additional',
    hidden: true,
    summary: 'Export the command documentation spec that the docs site renders',
    args: { min: 0, max: 0, usage: '' },
    flags: [{ name: 'file', short: 'f', type: 'string', description: 'Write the spec to this file instead of stdout.' }],
    load: () => import('../../commands/docs-spec.command.js'),
  },
];
