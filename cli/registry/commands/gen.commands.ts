/** `gen`: code generated from a database schema, and the experimental preview-branch key generator. */
import { outputFlag, projectRefFlag } from '../shared-flags.js';
import type { CommandSpec } from '../types.js';

export const genCommands: CommandSpec[] = [
  {
    path: 'gen',
    group: 'local-dev',
    summary: 'Generate code and settings from your project',
    description: 'Groups the generators: type definitions from a database schema, and keys for preview branches.',
    runnable: false,
  },
  {
    path: 'gen types',
    group: 'local-dev',
    summary: 'Generate type definitions from a database schema',
    description: 'Groups the type generators by target language; TypeScript is the only one so far.',
    runnable: false,
    tags: ['typegen'],
  },
  {
    path: 'gen types typescript',
    group: 'local-dev',
    summary: 'Print TypeScript types that describe your database schema',
    description:
      'Writes to stdout a `Database` type covering the tables, views, functions and enums of the chosen ' +
      'schemas. Exactly one source is needed: --local, --linked, --project-id or --db-url. --linked and ' +
      '--project-id ask the Management API and so need you to be logged in; --local and --db-url run ' +
      'postgres-meta in Docker.',
    flags: [
      { name: 'local', type: 'bool', description: 'Read the schema of the running local database.' },
      { name: 'linked', type: 'bool', description: 'Read the schema of the linked project, through the Management API.' },
      { name: 'project-id', type: 'string', description: 'Read the schema of the hosted project with this reference id.' },
      { name: 'db-url', type: 'string', description: 'Read the schema of the database at this connection string.' },
      {
        name: 'schema',
        type: 'stringArray',
        description: 'Schema to include; repeat the flag for more (commas are not split). Defaults to public plus the API schemas.',
      },
      { name: 'postgrest-v9-compat', type: 'bool', description: 'Leave out one-to-one relationships, as PostgREST v9 expects (only with --db-url).' },
    ],
    exclusive: [['local', 'linked', 'project-id', 'db-url']],
    examples: [
      { id: 'local', name: 'Types for the local database', code: 'supabase gen types typescript --local > src/database.types.ts' },
      {
        id: 'project',
        name: 'Types for two schemas of a hosted project',
        code: 'supabase gen types typescript --project-id abcdefghijklmnopqrst --schema public --schema api',
      },
    ],
    tags: ['typegen'],
    load: () => import('../../commands/gen-types-typescript.command.js'),
  },
  {
    path: 'gen keys',
    group: 'local-dev',
    summary: 'Generate the keys of a preview branch',
    description:
      'Derives the database password, JWT secret and anon and service_role keys that a preview branch of the ' +
      'project would use, from the project\'s JWT secret and the current git branch. It needs --experimental ' +
      'and a login, although it is listed with the local commands.',
    experimental: true,
    requiresLogin: true,
    flags: [
      projectRefFlag(),
      outputFlag(['env', 'json', 'toml', 'yaml'], 'env'),
      {
        name: 'override-name',
        type: 'stringSlice',
        description: 'Rename output variables, as key=NEW_NAME (keys: db.host, db.password, auth.anon_key, auth.service_role_key).',
      },
    ],
    examples: [
      { id: 'env-file', name: 'Write the branch keys to an .env file', code: 'supabase gen keys --experimental > .env.preview' },
    ],
    load: () => import('../../commands/gen-keys.command.js'),
  },
];
