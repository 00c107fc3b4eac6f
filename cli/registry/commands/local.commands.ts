/** Project set-up, sign-in and the local stack's lifecycle: the top-level Local Development commands. */
import { outputFlag, passwordFlag } from '../shared-flags.js';
import type { CommandSpec } from '../types.js';

/** Short image names that `start -x` accepts. */
export const EXCLUDABLE_SERVICES = [
  'gotrue', 'realtime', 'storage-api', 'imgproxy', 'kong', 'inbucket', 'postgrest',
  'pgadmin-schema-diff', 'migra', 'postgres-meta', 'studio', 'edge-runtime', 'logflare',
  'vector', 'pgbouncer', 'pg_prove',
] as const;

export const localCommands: CommandSpec[] = [
  {
    path: 'init',
    group: 'local-dev',
    summary: 'Create a new project folder with a supabase/config.toml',
    description:
      'Writes supabase/config.toml with every setting at its default, an empty seed.sql and a .gitignore ' +
      'for local-only files. It works in the current folder (or --workdir) and never looks for a project ' +
      'in a parent folder. An existing config.toml is left alone.',
    flags: [
      { name: 'with-vscode-settings', type: 'bool', description: 'Also write VS Code settings that enable Deno for supabase/functions.' },
      { name: 'with-vscode-workspace', type: 'bool', hidden: true, description: 'Older name of --with-vscode-settings.' },
      { name: 'use-orioledb', type: 'bool', description: 'Configure the database to use the OrioleDB storage engine (needs --experimental).' },
    ],
    examples: [
      { id: 'basic-usage', name: 'Set up a project in the current folder', code: 'supabase init', response: 'Finished supabase init.' },
    ],
    tags: ['local-dev'],
    load: () => import('../../commands/init.command.js'),
  },
  {
    path: 'login',
    group: 'local-dev',
    summary: 'Sign in to the platform with a personal access token',
    description:
      'Stores a personal access token so the Management API commands can act for you. With a terminal, ' +
      'the token comes from --token, then SUPABASE_ACCESS_TOKEN, then a browser sign-in; without one, it is ' +
      'read from standard input. The token is kept in a file only you can read.',
    flags: [
      { name: 'token', type: 'string', description: 'Access token to store, instead of signing in through the browser.' },
      { name: 'name', type: 'string', description: 'Name the new token gets in your account (default: cli_<user>@<host>_<time>).' },
      { name: 'no-browser', type: 'bool', description: 'Print the sign-in link instead of opening a browser.' },
    ],
    examples: [
      { id: 'with-token', name: 'Store a token from a CI secret', code: 'echo "$SUPABASE_ACCESS_TOKEN" | supabase login', response: 'You are now logged in. Happy coding!' },
    ],
    load: () => import('../../commands/login.command.js'),
  },
  {
    path: 'logout',
    group: 'local-dev',
    summary: 'Forget the stored access token',
    description: 'Asks for confirmation, then deletes the access token this machine keeps for you.',
    load: () => import('../../commands/logout.command.js'),
  },
  {
    path: 'link',
    group: 'local-dev',
    summary: 'Connect this folder to a hosted project',
    description:
      'Records which hosted project this folder belongs to, so later commands (db push, migration list, ' +
      'functions deploy, ...) know where to go. With a database password it also checks the remote ' +
      'database version and prepares its migration history table.',
    flags: [
      { name: 'project-ref', type: 'string', description: 'Reference id of the project to link (20 lowercase letters).' },
      passwordFlag(),
    ],
    examples: [
      { id: 'basic-usage', name: 'Link to a project', code: 'supabase link --project-ref abcdefghijklmnopqrst', response: 'Finished supabase link.' },
    ],
    load: () => import('../../commands/link.command.js'),
  },
  {
    path: 'unlink',
    group: 'local-dev',
    summary: 'Disconnect this folder from its hosted project',
    description: 'Removes the link written by `supabase link`, with everything cached under supabase/.temp.',
    load: () => import('../../commands/unlink.command.js'),
  },
  {
    path: 'start',
    group: 'local-dev',
    summary: 'Run the local development stack',
    description:
      'Starts the database and the platform services described by supabase/config.toml, applies the ' +
      'migrations and seed on a first start, and prints the URLs and keys to use. Without a Docker engine ' +
      'the database runs as a native PostgreSQL process and services that exist only as container images ' +
      'are reported as unavailable.',
    flags: [
      {
        name: 'exclude',
        short: 'x',
        type: 'stringSlice',
        values: EXCLUDABLE_SERVICES,
        description: 'Services to leave out, by short image name (comma-separated or repeated).',
      },
      { name: 'ignore-health-check', type: 'bool', description: 'Finish with exit code 0 even when a service does not become healthy.' },
      { name: 'preview', type: 'bool', hidden: true, description: 'Accepted for compatibility; has no effect.' },
    ],
    examples: [
      { id: 'basic-usage', name: 'Start everything', code: 'supabase start' },
      { id: 'without-studio', name: 'Start without Studio and the image proxy', code: 'supabase start -x studio,imgproxy' },
    ],
    load: () => import('../../commands/start.command.js'),
  },
  {
    path: 'stop',
    group: 'local-dev',
    summary: 'Stop the local development stack',
    description:
      'Stops every service of the local stack. The database files are kept for the next start unless ' +
      '--no-backup is given.',
    flags: [
      { name: 'backup', type: 'bool', default: true, hidden: true, description: 'Accepted for compatibility; has no effect.' },
      { name: 'project-id', type: 'string', description: 'Stop the stack of this local project id without reading config.toml.' },
      { name: 'no-backup', type: 'bool', description: 'Delete the local data as well.' },
    ],
    examples: [
      { id: 'basic-usage', name: 'Stop and keep the data', code: 'supabase stop' },
      { id: 'discard-data', name: 'Stop and throw the data away', code: 'supabase stop --no-backup' },
    ],
    load: () => import('../../commands/stop.command.js'),
  },
  {
    path: 'status',
    group: 'local-dev',
    summary: 'Show the local stack\'s URLs, keys and health',
    description:
      'Prints the addresses and credentials of the running local stack. Use -o env to feed them to a ' +
      'shell or an .env file, and --override-name to rename the variables.',
    flags: [
      outputFlag(['env', 'pretty', 'json', 'toml', 'yaml'], 'pretty'),
      {
        name: 'override-name',
        type: 'stringSlice',
        description: 'Rename output variables, as key=NEW_NAME (for example api.url=NEXT_PUBLIC_SUPABASE_URL).',
      },
    ],
    examples: [
      { id: 'env-file', name: 'Write the values to an .env file', code: 'supabase status -o env > .env.local' },
    ],
    load: () => import('../../commands/status.command.js'),
  },
];
