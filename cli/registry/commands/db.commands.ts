/**
 * `db` and everything below it: diffing, dumping, pushing, pulling, resetting and linting a database,
 * plus the hidden test twin and the deprecated local-branch and `db remote` commands.
 */
import { DB_TARGET_GROUP, dbTargetFlags, passwordFlag, schemaFlag } from '../shared-flags.js';
import type { CommandSpec } from '../types.js';

const TAGS = ['database'];

/** The four deprecated local-branch commands: [name, args usage, summary, description, deprecation]. */
const branchCommands: [string, string | undefined, string, string, string][] = [
  [
    'create', '<branch name>', 'Clone the local database into a new local branch',
    'Copies the current local database into a new database inside the db container and records it under ' +
      'supabase/.branches. The names main, postgres, template0, template1 and _current_branch are reserved.',
    'use "branches create <name>" instead.',
  ],
  [
    'delete', '<branch name>', 'Drop a local database branch',
    'Removes a branch made by `db branch create`. The branch that is currently checked out cannot be deleted.',
    'use "branches delete <branch-id>" instead.',
  ],
  [
    'list', undefined, 'Show the local database branches',
    'Lists the branches recorded under supabase/.branches and marks the one in use.',
    'use "branches list" instead.',
  ],
  [
    'switch', '<branch name>', 'Make another local branch the active database',
    'Points the local stack at the given local branch, so later commands work against it.',
    'use "branches create <name>" instead.',
  ],
];

export const dbCommands: CommandSpec[] = [
  {
    path: 'db',
    group: 'local-dev',
    summary: 'Work with the local or linked Postgres database',
    description:
      'Groups the commands that compare, dump, migrate, reset and lint a database. Each subcommand picks ' +
      'its own default target: some act on the local stack, others on the linked project.',
    runnable: false,
    tags: TAGS,
  },
  {
    path: 'db diff',
    load: () => import('../../commands/db-diff.command.js'),
    group: 'local-dev',
    summary: 'Compare a database\'s schema with your migration files',
    description:
      'Replays supabase/migrations into a throw-away shadow database and prints the SQL that would turn it into ' +
      'the target database, which is the local one unless told otherwise. migra does the comparison by ' +
      'default; --use-pgadmin and --use-pg-schema switch to other engines. With -f the result becomes a new ' +
      'migration file instead of being printed.',
    flags: [
      { name: 'use-migra', type: 'bool', default: true, description: 'Compare schemas with migra (the default engine).' },
      { name: 'use-pgadmin', type: 'bool', description: 'Compare schemas with the legacy pgAdmin schema-diff image; needs the local database running.' },
      { name: 'use-pg-schema', type: 'bool', description: 'Compare schemas in-process with pg-schema-diff (experimental; may miss policies, enums and grants).' },
      ...dbTargetFlags({ defaultTarget: 'local', purpose: 'compare with the migrations' }),
      { name: 'file', short: 'f', type: 'string', description: 'Write the result to supabase/migrations/<timestamp>_<file>.sql instead of stdout.' },
      schemaFlag('compare', 'by default every user schema, including public and extensions'),
    ],
    exclusive: [['use-migra', 'use-pgadmin'], DB_TARGET_GROUP],
    examples: [
      { id: 'local-changes', name: 'See what changed in the local database since the last migration', code: 'supabase db diff' },
      {
        id: 'save-migration',
        name: 'Save the changes to the public schema as a migration',
        code: 'supabase db diff -s public -f add_profiles',
      },
      { id: 'linked-drift', name: 'Check the linked project for drift', code: 'supabase db diff --linked' },
    ],
    tags: TAGS,
  },
  {
    path: 'db dump',
    load: () => import('../../commands/db-dump.command.js'),
    group: 'local-dev',
    summary: 'Export schema, data or roles with pg_dump',
    description:
      'Runs pg_dump (or pg_dumpall for roles) against the linked project by default and prints a SQL script ' +
      'cleaned up to replay on another Supabase database. Supabase-managed schemas are left out unless you ' +
      'name schemas yourself. --use-copy and --exclude only work together with --data-only.',
    flags: [
      { name: 'dry-run', type: 'bool', description: 'Print the dump script that would run, without running it.' },
      { name: 'data-only', type: 'bool', description: 'Export table rows instead of the schema.' },
      { name: 'use-copy', type: 'bool', description: 'Write rows as COPY blocks rather than INSERT statements (needs --data-only).' },
      {
        name: 'exclude',
        short: 'x',
        type: 'stringSlice',
        description: 'Tables, as schema.table, whose rows are skipped (needs --data-only).',
      },
      { name: 'role-only', type: 'bool', description: 'Export only the cluster roles, without Supabase\'s reserved ones.' },
      { name: 'keep-comments', type: 'bool', description: 'Leave the `--` comment lines of pg_dump in the schema output.' },
      { name: 'file', short: 'f', type: 'string', description: 'Write the dump to this file instead of stdout.' },
      ...dbTargetFlags({ defaultTarget: 'linked', purpose: 'dump', password: true }),
      schemaFlag('dump', 'by default every schema Supabase does not manage'),
    ],
    exclusive: [['role-only', 'data-only'], ['keep-comments', 'data-only'], DB_TARGET_GROUP, ['schema', 'role-only']],
    examples: [
      { id: 'schema', name: 'Save the linked project\'s schema', code: 'supabase db dump -f supabase/schema.sql' },
      { id: 'data', name: 'Export the data as COPY statements', code: 'supabase db dump --data-only --use-copy -f supabase/seed.sql' },
      { id: 'roles', name: 'Export the custom roles', code: 'supabase db dump --role-only -f supabase/roles.sql' },
    ],
    tags: TAGS,
  },
  {
    path: 'db push',
    load: () => import('../../commands/db-push.command.js'),
    group: 'local-dev',
    summary: 'Apply pending local migrations to the linked database',
    description:
      'Applies the files in supabase/migrations that the target database has not recorded yet; the target is ' +
      'the linked project unless you pick another. It refuses when the remote history has versions missing ' +
      'locally, or local files older than the last remote one (unless --include-all). There is no confirmation ' +
      'prompt, so use --dry-run to preview.',
    flags: [
      { name: 'include-all', type: 'bool', description: 'Also apply local migrations dated before the newest one on the remote database.' },
      { name: 'include-roles', type: 'bool', description: 'Run supabase/roles.sql before the migrations.' },
      { name: 'include-seed', type: 'bool', description: 'Run supabase/seed.sql after the migrations.' },
      { name: 'dry-run', type: 'bool', description: 'Show which migrations would be applied, and apply none.' },
      ...dbTargetFlags({ defaultTarget: 'linked', purpose: 'push migrations to', password: true }),
    ],
    exclusive: [DB_TARGET_GROUP],
    examples: [
      { id: 'preview', name: 'Preview what would be pushed', code: 'supabase db push --dry-run' },
      { id: 'basic-usage', name: 'Push to the linked project', code: 'supabase db push', response: 'Finished supabase db push.' },
    ],
    tags: TAGS,
  },
  {
    path: 'db pull',
    load: () => import('../../commands/db-pull.command.js'),
    group: 'local-dev',
    summary: 'Capture the linked database\'s schema as a new migration',
    description:
      'Writes the difference between your migrations and the remote schema to ' +
      'supabase/migrations/<timestamp>_<name>.sql (name defaults to remote_schema) and offers to mark it applied ' +
      'remotely. With no local migrations yet it dumps the whole schema instead, ignoring --schema. The remote ' +
      'and local migration histories must match first, and Docker must be available.',
    args: { min: 0, max: 1, usage: '[migration name]' },
    flags: [
      schemaFlag('pull', 'by default every user schema, leaving out auth and storage'),
      ...dbTargetFlags({ defaultTarget: 'linked', purpose: 'pull the schema from', password: true }),
    ],
    exclusive: [DB_TARGET_GROUP],
    examples: [
      { id: 'basic-usage', name: 'Pull the remote schema', code: 'supabase db pull', response: 'Finished supabase db pull.' },
      { id: 'auth-storage', name: 'Also pull changes to auth and storage', code: 'supabase db pull --schema auth,storage auth_changes' },
    ],
    tags: TAGS,
  },
  {
    path: 'db reset',
    load: () => import('../../commands/db-reset.command.js'),
    group: 'local-dev',
    summary: 'Rebuild a database from the migrations and seed',
    description:
      'Recreates the local database (by default) from scratch, then applies supabase/migrations and ' +
      'supabase/seed.sql. Against a remote target it drops the user schemas and objects in public after a ' +
      'confirmation prompt that defaults to yes. Roles survive a reset.',
    flags: [
      ...dbTargetFlags({ defaultTarget: 'local', purpose: 'reset' }),
      { name: 'version', type: 'string', description: 'Stop after the migration with this version.' },
    ],
    exclusive: [DB_TARGET_GROUP],
    examples: [
      { id: 'basic-usage', name: 'Reset the local database', code: 'supabase db reset' },
      { id: 'to-version', name: 'Reset to an earlier migration', code: 'supabase db reset --version 20240101000000' },
    ],
    tags: TAGS,
  },
  {
    path: 'db lint',
    load: () => import('../../commands/db-lint.command.js'),
    group: 'local-dev',
    summary: 'Check PL/pgSQL functions for errors with plpgsql_check',
    description:
      'Runs plpgsql_check over the non-trigger PL/pgSQL functions of the chosen schemas, inside a transaction ' +
      'that is always rolled back, and prints the findings as JSON. The local database is the default target. ' +
      'It exits with 0 even when it finds problems.',
    flags: [
      ...dbTargetFlags({ defaultTarget: 'local', purpose: 'lint' }),
      schemaFlag('lint', 'by default every schema Supabase does not manage'),
      {
        name: 'level',
        type: 'enum',
        values: ['warning', 'error'],
        default: 'warning',
        description: 'Lowest severity to report.',
      },
    ],
    exclusive: [DB_TARGET_GROUP],
    examples: [
      { id: 'basic-usage', name: 'Lint the local database', code: 'supabase db lint' },
      { id: 'errors-only', name: 'Report only errors in the public schema of the linked project', code: 'supabase db lint --linked -s public --level error' },
    ],
    tags: TAGS,
    links: [{ name: 'plpgsql_check', link: 'https://github.com/okbob/plpgsql_check' }],
  },
  {
    path: 'db start',
    group: 'local-dev',
    summary: 'Start only the local Postgres database',
    description:
      'Brings up the database container of the local stack without the other services, setting it up on the ' +
      'first run. Prints a note and does nothing if it is already running.',
    examples: [{ id: 'basic-usage', name: 'Start just the database', code: 'supabase db start' }],
    tags: TAGS,
    load: () => import('../../commands/db-start.command.js'),
  },
  {
    path: 'db test',
    group: 'local-dev',
    summary: 'Run pgTAP tests against a database',
    description: 'The older spelling of `supabase test db`; it behaves the same.',
    hidden: true,
    args: { min: 0, max: Infinity, usage: '[path] ...' },
    flags: dbTargetFlags({ defaultTarget: 'local', purpose: 'test' }),
    exclusive: [DB_TARGET_GROUP],
    tags: ['testing'],
    load: () => import('../../commands/test-db.command.js'),
  },
  {
    path: 'db branch',
    group: 'local-dev',
    summary: 'Manage database branches inside the local stack',
    description: 'Groups the old local-branch commands, which are kept only for compatibility.',
    hidden: true,
    runnable: false,
  },
  ...branchCommands.map(([name, usage, summary, description, deprecated]): CommandSpec => ({
    path: `db branch ${name}`,
    group: 'local-dev',
    summary,
    description,
    hidden: true,
    deprecated,
    ...(usage ? { args: { min: 1, max: 1, usage } } : {}),
  })),
  {
    path: 'db remote',
    group: 'local-dev',
    summary: 'Compare or capture a remote database\'s schema',
    description: 'Groups the old remote-schema commands; `db diff --linked` and `db pull` replace them.',
    hidden: true,
    runnable: false,
    flags: [
      {
        name: 'db-url',
        type: 'string',
        persistent: true,
        description: 'Connection string of the remote database; it must be percent-encoded.',
      },
      { ...passwordFlag(), persistent: true },
      schemaFlag('include', 'by default every user schema', { persistent: true }),
    ],
  },
  {
    path: 'db remote changes',
    group: 'local-dev',
    summary: 'Print how the remote schema differs from local migrations',
    description: 'Diffs the remote database against a shadow database built from supabase/migrations.',
    hidden: true,
    deprecated: 'use "db diff --use-migra --linked" instead.',
  },
  {
    path: 'db remote commit',
    group: 'local-dev',
    summary: 'Save remote schema changes as a migration',
    description:
      'Writes the remote changes to <timestamp>_remote_commit.sql (a full dump when there are no local ' +
      'migrations) and records that version as applied.',
    hidden: true,
    deprecated: 'use "db pull" instead.',
  },
];
