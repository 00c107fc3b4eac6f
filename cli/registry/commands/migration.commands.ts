/** `migration` (alias `migrations`): creating migration files and keeping the history table in step. */
import { DB_TARGET_GROUP, dbTargetFlags } from '../shared-flags.js';
import type { CommandSpec } from '../types.js';

const TAGS = ['migrations'];

/** A connection string already carries its password, so `-p` cannot be combined with it. */
const DB_URL_PASSWORD_GROUP = ['db-url', 'password'];

export const migrationCommands: CommandSpec[] = [
  {
    path: 'migration',
    group: 'local-dev',
    summary: 'Create and track the files in supabase/migrations',
    description:
      'Groups the commands that add migration files, compare them with a database\'s migration history, ' +
      'fix that history, squash files together and apply pending ones.',
    aliases: ['migrations'],
    runnable: false,
    tags: TAGS,
  },
  {
    path: 'migration list',
    load: () => import('../../commands/migration-list.command.js'),
    group: 'local-dev',
    summary: 'Show local and applied migrations side by side',
    description:
      'Prints a table that lines up the versions found in supabase/migrations with those recorded in the ' +
      'database\'s history table, by default the linked project\'s. Only the timestamps are compared.',
    flags: dbTargetFlags({ defaultTarget: 'linked', purpose: 'read the migration history of', password: true }),
    exclusive: [DB_TARGET_GROUP, DB_URL_PASSWORD_GROUP],
    examples: [
      { id: 'basic-usage', name: 'Compare with the linked project', code: 'supabase migration list' },
      { id: 'local', name: 'Compare with the local database', code: 'supabase migration list --local' },
    ],
    tags: TAGS,
  },
  {
    path: 'migration new',
    load: () => import('../../commands/migration-new.command.js'),
    group: 'local-dev',
    summary: 'Add an empty, timestamped migration file',
    description:
      'Creates supabase/migrations/<UTC timestamp>_<name>.sql. Anything piped to standard input is written ' +
      'into the new file, so a diff or dump can go straight into a migration.',
    args: { min: 1, max: 1, usage: '<migration name>' },
    examples: [
      { id: 'basic-usage', name: 'Start a new migration', code: 'supabase migration new create_profiles' },
      { id: 'from-diff', name: 'Turn the current local changes into a migration', code: 'supabase db diff | supabase migration new local_changes' },
    ],
    tags: TAGS,
  },
  {
    path: 'migration repair',
    load: () => import('../../commands/migration-repair.command.js'),
    group: 'local-dev',
    summary: 'Mark migration versions as applied or reverted in the history table',
    description:
      'Edits the migration history table of the target database (the linked project by default) without ' +
      'running any migration SQL. With no versions it asks before rebuilding the whole table from ' +
      'supabase/migrations; the answer defaults to no.',
    args: { min: 0, max: Infinity, usage: '[version] ...' },
    flags: [
      {
        name: 'status',
        type: 'enum',
        values: ['applied', 'reverted'],
        required: true,
        description: 'Whether to record the versions as applied or remove them from the history.',
      },
      ...dbTargetFlags({ defaultTarget: 'linked', purpose: 'repair the migration history of', password: true }),
    ],
    exclusive: [DB_TARGET_GROUP, DB_URL_PASSWORD_GROUP],
    examples: [
      {
        id: 'revert',
        name: 'Forget a version that no longer exists locally',
        code: 'supabase migration repair --status reverted 20240101000000',
        response: 'Repaired migration history: [20240101000000] => reverted',
      },
      { id: 'apply', name: 'Record a version as already applied', code: 'supabase migration repair --status applied 20240215120000' },
    ],
    tags: TAGS,
  },
  {
    path: 'migration squash',
    load: () => import('../../commands/migration-squash.command.js'),
    group: 'local-dev',
    summary: 'Merge migration files into a single schema file',
    description:
      'Applies the migrations (up to --version, or all) to a shadow database, dumps the resulting schema over ' +
      'the last of those files and deletes the earlier ones. Data statements in the squashed files are lost. ' +
      'The history table is only updated, after a prompt, when the target is not the local database.',
    flags: [
      { name: 'version', type: 'string', description: 'Squash the migrations up to and including this version.' },
      ...dbTargetFlags({ defaultTarget: 'local', purpose: 'update the migration history of', password: true }),
    ],
    exclusive: [DB_TARGET_GROUP, DB_URL_PASSWORD_GROUP],
    examples: [
      { id: 'basic-usage', name: 'Squash every local migration', code: 'supabase migration squash', response: 'Finished supabase migration squash.' },
      { id: 'linked', name: 'Squash up to a version and update the linked project\'s history', code: 'supabase migration squash --version 20240215120000 --linked' },
    ],
    tags: TAGS,
  },
  {
    path: 'migration up',
    load: () => import('../../commands/migration-up.command.js'),
    group: 'local-dev',
    summary: 'Apply pending migrations to the local database',
    description:
      'Runs the local migration files that the target database (local by default) has not recorded yet, in ' +
      'order. Like `db push`, it stops when a file is older than the newest applied version unless ' +
      '--include-all is given.',
    flags: [
      { name: 'include-all', type: 'bool', description: 'Also apply files dated before the newest applied migration.' },
      ...dbTargetFlags({ defaultTarget: 'local', purpose: 'apply pending migrations to' }),
    ],
    exclusive: [DB_TARGET_GROUP],
    examples: [
      { id: 'basic-usage', name: 'Bring the local database up to date', code: 'supabase migration up', response: 'Local database is up to date.' },
    ],
    tags: TAGS,
  },
];
