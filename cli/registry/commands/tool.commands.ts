/** Commands this implementation adds on top of the original: the event journal and maintainer tools. */
import { outputFlag } from '../shared-flags.js';
import type { CommandSpec } from '../types.js';

export const toolCommands: CommandSpec[] = [
  {
    path: 'events',
    group: 'local-dev',
    summary: 'List what the tool has done to this project, from its event journal',
    description:
      'Every command that changes the project (start, stop, db reset, migration up, db push, migration repair, ' +
      'migration squash, test db) is recorded in supabase/.temp step by step (the operations stream), with what ' +
      'it changed: the local stack (the stack stream) and the migration history of each database (migrations:local, ' +
      'migrations:db:<host>:<port>/<database>: migrations applied, repaired, squashed, reset). So are the hosted ' +
      'project\'s custom hostname, vanity subdomain and preview branches (custom-hostname:<ref>, ' +
      'vanity-subdomain:<ref>, branches:<ref>, branch:<id>). This prints them in order, optionally for one stream only, ' +
      'from a point (--since) or only the last ones (--limit). The listing is read and printed a part at a time, so it ' +
      'starts at once and takes the same memory however long the journal is.',
    args: { min: 0, max: 0, usage: '' },
    flags: [
      { name: 'stream', type: 'string', description: 'Only events of this stream (for example stack, operations or migrations:local).' },
      {
        name: 'since',
        type: 'string',
        ours: true,
        description:
          'Only events after this point: a sequence number (the events after it), a UTC time such as 2024-05-01 or ' +
          '2024-05-01T12:00:00Z (the events recorded at or after it) or a duration such as 90s, 15m, 2h or 7d (that long ago).',
      },
      { name: 'limit', type: 'int', ours: true, description: 'Only the last N events (of the stream and after --since, when given); 0 lists them all.' },
      outputFlag(['pretty', 'json'], 'pretty'),
    ],
    examples: [
      { id: 'stack-history', name: 'Show the local stack\'s history', code: 'supabase events --stream stack' },
      { id: 'migration-history', name: 'Show every change to the local database\'s migration history', code: 'supabase events --stream migrations:local' },
      { id: 'latest', name: 'Show the last 20 events of the last hour', code: 'supabase events --since 1h --limit 20' },
      { id: 'new-events', name: 'Show what was recorded after event 120, as JSON', code: 'supabase events --since 120 -o json' },
    ],
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
