/**
 * Hosted platform resources through the Management API: projects, organizations, preview branches,
 * function secrets, SAML single sign-on, SQL snippets, and the service version check.
 */
import { BRANCH_REGIONS, PROJECT_REGIONS, commandGroup, groupProjectRef, regionFlag } from '../platform-flags.js';
import { outputFlag, projectRefFlag } from '../shared-flags.js';
import type { CommandSpec, FlagSpec } from '../types.js';

const PROVIDER_ID = '<provider-id>';
const BRANCH_ID = '<branch-id>';

/** Where an SSO identity provider's SAML metadata and attribute mapping come from; shared by add and update. */
function samlSourceFlags(): FlagSpec[] {
  return [
    { name: 'metadata-file', type: 'string', description: 'Local file with the identity provider\'s SAML 2.0 metadata XML (UTF-8).' },
    { name: 'metadata-url', type: 'string', description: 'HTTPS address the platform fetches the SAML 2.0 metadata XML from.' },
    { name: 'skip-url-validation', type: 'bool', description: 'Do not fetch the --metadata-url here first to check that it answers with UTF-8 XML.' },
    { name: 'attribute-mapping-file', type: 'string', description: 'JSON file that maps SAML attributes to claims of the issued JWTs.' },
  ];
}

/** The metadata source is either a file or an address, never both. */
const METADATA_GROUP = ['metadata-file', 'metadata-url'];

const EXAMPLE_PROVIDER = '6df4d73f-bf21-405f-a084-b11adf19fea5';

const projects = commandGroup(
  {
    path: 'projects',
    summary: 'Create, list and delete hosted projects',
    description: 'Manages the projects of your organizations on the hosted platform.',
  },
  [
    {
      name: 'create',
      load: () => import('../../commands/projects-create.command.js'),
      summary: 'Start a new hosted project',
      description:
        'Creates a project in an organization and prints its dashboard address. In a terminal it asks for ' +
        'whatever is missing (name, organization, region, database password); without one, or with ' +
        '--interactive=false, the name argument, --org-id, --db-password and --region must all be given. ' +
        'The hidden --plan flag is accepted but never sent to the API.',
      args: { min: 0, max: 1, usage: '[project name]' },
      flags: [
        {
          name: 'interactive',
          short: 'i',
          type: 'bool',
          default: true,
          hidden: true,
          description: 'Prompt for missing values; turn off to require every value on the command line.',
        },
        { name: 'org-id', type: 'string', description: 'Id (slug) of the organization that will own the project.' },
        {
          name: 'db-password',
          type: 'string',
          env: 'SUPABASE_DB_PASSWORD',
          description: 'Password for the new project\'s postgres role (or set SUPABASE_DB_PASSWORD).',
        },
        regionFlag(PROJECT_REGIONS, 'Where the project is hosted, as an AWS region key.'),
        {
          name: 'plan',
          type: 'enum',
          values: ['free', 'pro'],
          default: 'free',
          hidden: true,
          description: 'Accepted for compatibility; the pricing plan is not sent with the request.',
        },
      ],
      examples: [
        {
          id: 'non-interactive',
          name: 'Create a project from a script',
          code: 'supabase projects create my-app --org-id acme-corp --db-password "$DB_PASSWORD" --region us-east-1',
          response: 'Created a new project my-app at https://supabase.com/dashboard/project/abcdefghijklmnopqrst',
        },
        { id: 'interactive', name: 'Answer the questions in a terminal', code: 'supabase projects create' },
      ],
    },
    {
      name: 'list',
      load: () => import('../../commands/projects-list.command.js'),
      summary: 'Show every project you can access',
      description:
        'Prints a table of your projects with their organization, reference id, name, region and creation time; ' +
        'the project this folder is linked to is marked with a dot. An unlinked folder only adds a warning.',
      examples: [
        {
          id: 'basic-usage',
          name: 'List projects',
          code: 'supabase projects list',
        },
      ],
    },
    {
      name: 'delete',
      load: () => import('../../commands/projects-delete.command.js'),
      summary: 'Permanently remove a hosted project',
      description:
        'Deletes the project and everything in it after a confirmation (default yes), then forgets its saved ' +
        'database password and, if this folder was linked to it, the link. Without a ref a terminal offers a ' +
        'project picker; a non-interactive run must name the ref.',
      args: { min: 0, max: 1, usage: '<ref>' },
      examples: [
        {
          id: 'basic-usage',
          name: 'Delete a project',
          code: 'supabase projects delete abcdefghijklmnopqrst',
          response: 'Deleted project: my-app',
        },
      ],
    },
    {
      name: 'api-keys',
      load: () => import('../../commands/projects-api-keys.command.js'),
      summary: 'Print a project\'s API keys',
      description: 'Shows the anon, service_role and any other API keys of the project; the linked project is used unless --project-ref names another.',
      flags: [projectRefFlag()],
      examples: [{ id: 'basic-usage', name: 'Show the keys of another project', code: 'supabase projects api-keys --project-ref abcdefghijklmnopqrst' }],
    },
  ],
);

const orgs = commandGroup(
  {
    path: 'orgs',
    summary: 'List and create organizations',
    description: 'Organizations own projects and their billing.',
  },
  [
    {
      name: 'list',
      load: () => import('../../commands/orgs-list.command.js'),
      summary: 'Show the organizations you belong to',
      description: 'Prints the id and name of every organization your account is a member of.',
      examples: [
        {
          id: 'basic-usage',
          name: 'List organizations',
          code: 'supabase orgs list',
        },
      ],
    },
    {
      name: 'create',
      load: () => import('../../commands/orgs-create.command.js'),
      summary: 'Start a new organization',
      description: 'Creates an organization with the given name and prints its id.',
      args: { min: 1, max: 1, usage: '<name>' },
      examples: [{ id: 'basic-usage', name: 'Create an organization', code: 'supabase orgs create Acme', response: 'Created organization: acme-corp' }],
    },
  ],
);

const branches = commandGroup(
  {
    path: 'branches',
    experimental: true,
    summary: 'Manage preview branches of the linked project',
    description:
      'Preview branches are short-lived copies of a project, usually one per git branch. These commands always ' +
      'act on the project this folder is linked to; there is no --project-ref.',
    links: [{ name: 'Branching guide', link: 'https://supabase.com/docs/guides/platform/branching' }],
  },
  [
    {
      name: 'create',
      load: () => import('../../commands/branches-create.command.js'),
      summary: 'Open a preview branch',
      description:
        'Creates a preview branch of the linked project. Its name defaults to the current git branch ' +
        '(GITHUB_HEAD_REF in GitHub Actions).',
      args: { min: 0, max: 1, usage: '[name]' },
      flags: [regionFlag(BRANCH_REGIONS, 'Fly.io region code where the branch database runs.')],
      examples: [
        {
          id: 'basic-usage',
          name: 'Branch for a feature',
          code: 'supabase branches create feat-billing --region fra --experimental',
          response: 'Created preview branch: 0e7b5d1b-2c3a-4f8e-9d6a-1b2c3d4e5f60',
        },
      ],
    },
    {
      name: 'list',
      load: () => import('../../commands/branches-list.command.js'),
      summary: 'Show the preview branches of the linked project',
      description: 'Prints every branch with its git branch, reset-on-push setting, status and timestamps.',
      examples: [{ id: 'basic-usage', name: 'List branches', code: 'supabase branches list --experimental' }],
    },
    {
      name: 'get',
      load: () => import('../../commands/branches-get.command.js'),
      summary: 'Show how to connect to a preview branch',
      description: 'Prints the database host, port, user, password, JWT secret, Postgres version and status of one branch.',
      args: { min: 1, max: 1, usage: BRANCH_ID },
      examples: [{ id: 'basic-usage', name: 'Get a branch\'s connection details', code: 'supabase branches get 0e7b5d1b-2c3a-4f8e-9d6a-1b2c3d4e5f60 --experimental' }],
    },
    {
      name: 'update',
      load: () => import('../../commands/branches-update.command.js'),
      summary: 'Change a preview branch',
      description: 'Renames a branch, moves it to another git branch or toggles reset-on-push. Only the flags you give are changed.',
      args: { min: 1, max: 1, usage: BRANCH_ID },
      flags: [
        { name: 'name', type: 'string', description: 'New name for the branch.' },
        { name: 'git-branch', type: 'string', description: 'Git branch the preview branch follows from now on.' },
        { name: 'reset-on-push', type: 'bool', description: 'Rebuild the branch database from scratch on every push.' },
      ],
      examples: [
        {
          id: 'reset-on-push',
          name: 'Reset the branch on each push',
          code: 'supabase branches update 0e7b5d1b-2c3a-4f8e-9d6a-1b2c3d4e5f60 --reset-on-push --experimental',
          response: 'Updated preview branch: 0e7b5d1b-2c3a-4f8e-9d6a-1b2c3d4e5f60',
        },
      ],
    },
    {
      name: 'delete',
      load: () => import('../../commands/branches-delete.command.js'),
      summary: 'Remove a preview branch',
      description: 'Deletes one branch and its database. The parent project is not touched.',
      args: { min: 1, max: 1, usage: BRANCH_ID },
      examples: [
        {
          id: 'basic-usage',
          name: 'Delete a branch',
          code: 'supabase branches delete 0e7b5d1b-2c3a-4f8e-9d6a-1b2c3d4e5f60 --experimental',
          response: 'Deleted preview branch: 0e7b5d1b-2c3a-4f8e-9d6a-1b2c3d4e5f60',
        },
      ],
    },
    {
      name: 'disable',
      load: () => import('../../commands/branches-disable.command.js'),
      summary: 'Turn preview branching off for the linked project',
      description: 'Switches preview branching off for the linked project as a whole; it takes no branch id.',
      examples: [
        {
          id: 'basic-usage',
          name: 'Disable branching',
          code: 'supabase branches disable --experimental',
          response: 'Disabled preview branching for project: abcdefghijklmnopqrst',
        },
      ],
    },
  ],
);

const secrets = commandGroup(
  {
    path: 'secrets',
    summary: 'Manage the secrets Edge Functions read as environment variables',
    description: 'Secrets belong to a hosted project and are visible to all of its Edge Functions.',
    flags: [groupProjectRef()],
  },
  [
    {
      name: 'list',
      load: () => import('../../commands/secrets-list.command.js'),
      summary: 'Show the names of a project\'s secrets',
      description: 'Prints each secret\'s name with a digest of its value; the values themselves are never shown.',
      examples: [{ id: 'basic-usage', name: 'List secrets', code: 'supabase secrets list' }],
    },
    {
      name: 'set',
      load: () => import('../../commands/secrets-set.command.js'),
      summary: 'Add or overwrite secrets',
      description:
        'Stores each NAME=VALUE pair as a secret of the project, replacing secrets of the same name. With ' +
        '--env-file the pairs are read from that dotenv file and the arguments are ignored.',
      args: { min: 0, max: Infinity, usage: '<NAME=VALUE> ...' },
      flags: [{ name: 'env-file', type: 'string', description: 'Dotenv file to read the secrets from, instead of the arguments.' }],
      examples: [
        {
          id: 'from-args',
          name: 'Set two secrets',
          code: 'supabase secrets set STRIPE_KEY=sk_test_123 MAIL_FROM=hello@example.com',
          response: 'Finished supabase secrets set.',
        },
        { id: 'from-env-file', name: 'Set the secrets of a dotenv file', code: 'supabase secrets set --env-file ./supabase/.env.production' },
      ],
    },
    {
      name: 'unset',
      load: () => import('../../commands/secrets-unset.command.js'),
      summary: 'Delete secrets by name',
      description: 'Removes the named secrets from the project. Running it without names sends an empty list and changes nothing.',
      args: { min: 0, max: Infinity, usage: '<NAME> ...' },
      examples: [{ id: 'basic-usage', name: 'Delete a secret', code: 'supabase secrets unset STRIPE_KEY', response: 'Finished supabase secrets unset.' }],
    },
  ],
);

const sso = commandGroup(
  {
    path: 'sso',
    summary: 'Manage SAML 2.0 single sign-on identity providers',
    description:
      'Connects a project\'s Auth to identity providers such as Okta or Azure AD over SAML 2.0. SAML support ' +
      'has to be enabled for the project in the dashboard first.',
    flags: [groupProjectRef(), outputFlag(['pretty', 'json', 'toml', 'yaml'], 'pretty', { persistent: true })],
    links: [{ name: 'SAML single sign-on guide', link: 'https://supabase.com/docs/guides/auth/sso/auth-sso-saml' }],
  },
  [
    {
      name: 'add',
      load: () => import('../../commands/sso-add.command.js'),
      summary: 'Register a new identity provider',
      description:
        'Adds a SAML identity provider from its metadata, given either as a local file or as an HTTPS address ' +
        '(not both). Users whose email belongs to one of --domains are sent to this provider to sign in.',
      flags: [
        { name: 'type', short: 't', type: 'enum', values: ['saml'], required: true, description: 'Kind of provider; only saml exists, and it must be named explicitly.' },
        { name: 'domains', type: 'stringSlice', description: 'Email domains whose users sign in with this provider.' },
        ...samlSourceFlags(),
      ],
      exclusive: [METADATA_GROUP],
      examples: [
        {
          id: 'metadata-url',
          name: 'Add a provider by metadata address',
          code: 'supabase sso add --type saml --metadata-url https://idp.example.com/saml/metadata --domains example.com',
        },
      ],
    },
    {
      name: 'remove',
      load: () => import('../../commands/sso-remove.command.js'),
      summary: 'Delete an identity provider',
      description: 'Removes the provider with the given UUID and prints what was removed.',
      args: { min: 1, max: 1, usage: PROVIDER_ID },
      examples: [{ id: 'basic-usage', name: 'Remove a provider', code: `supabase sso remove ${EXAMPLE_PROVIDER}` }],
    },
    {
      name: 'update',
      load: () => import('../../commands/sso-update.command.js'),
      summary: 'Change an identity provider',
      description:
        'Replaces a provider\'s metadata, attribute mapping or email domains. --domains sets the whole list and ' +
        'cannot be combined with --add-domains or --remove-domains, which edit the current list.',
      args: { min: 1, max: 1, usage: PROVIDER_ID },
      flags: [
        { name: 'domains', type: 'stringSlice', description: 'The complete new list of email domains.' },
        { name: 'add-domains', type: 'stringSlice', description: 'Email domains to add to the current list.' },
        { name: 'remove-domains', type: 'stringSlice', description: 'Email domains to take off the current list.' },
        ...samlSourceFlags(),
      ],
      exclusive: [METADATA_GROUP, ['domains', 'add-domains'], ['domains', 'remove-domains']],
      examples: [{ id: 'add-domain', name: 'Add a domain to a provider', code: `supabase sso update ${EXAMPLE_PROVIDER} --add-domains example.org` }],
    },
    {
      name: 'show',
      load: () => import('../../commands/sso-show.command.js'),
      summary: 'Show one identity provider',
      description: 'Prints the provider\'s domains, metadata source, entity id and attribute mapping; --metadata prints only its metadata XML.',
      args: { min: 1, max: 1, usage: PROVIDER_ID },
      flags: [{ name: 'metadata', type: 'bool', description: 'Print nothing but the provider\'s raw SAML metadata XML.' }],
      examples: [{ id: 'metadata-only', name: 'Save a provider\'s metadata', code: `supabase sso show ${EXAMPLE_PROVIDER} --metadata > idp.xml` }],
    },
    {
      name: 'list',
      load: () => import('../../commands/sso-list.command.js'),
      summary: 'Show every identity provider of a project',
      description: 'Prints a table of the project\'s SAML providers with their domains and entity ids.',
      examples: [{ id: 'json', name: 'List providers as JSON', code: 'supabase sso list -o json' }],
    },
    {
      name: 'info',
      load: () => import('../../commands/sso-info.command.js'),
      summary: 'Print the values to enter in your identity provider',
      description:
        'Shows the ACS URL, entity id and relay state of the project\'s Auth service, which the identity ' +
        'provider\'s setup asks for. They are derived from the project ref without calling the API.',
      examples: [
        {
          id: 'basic-usage',
          name: 'Show the service provider details',
          code: 'supabase sso info --project-ref abcdefghijklmnopqrst -o toml',
        },
      ],
    },
  ],
);

const snippets = commandGroup(
  {
    path: 'snippets',
    summary: 'Read the SQL snippets saved in the dashboard',
    description: 'Snippets are the queries saved in the dashboard\'s SQL editor. These commands use the linked project.',
  },
  [
    {
      name: 'list',
      load: () => import('../../commands/snippets-list.command.js'),
      summary: 'Show the SQL snippets of the linked project',
      description: 'Prints each snippet\'s id, name, visibility, owner and timestamps. Only the linked project is looked at.',
      examples: [{ id: 'basic-usage', name: 'List snippets', code: 'supabase snippets list' }],
    },
    {
      name: 'download',
      load: () => import('../../commands/snippets-download.command.js'),
      summary: 'Print the SQL of one snippet',
      description: 'Writes the snippet\'s SQL to standard output, ready to redirect into a file.',
      args: { min: 1, max: 1, usage: '<snippet-id>' },
      examples: [
        {
          id: 'to-migration',
          name: 'Turn a snippet into a migration',
          code: 'supabase snippets download 2f1d3c8e-5b6a-4c7d-8e9f-0a1b2c3d4e5f > supabase/migrations/20240220101542_from_snippet.sql',
        },
      ],
    },
  ],
);

const services: CommandSpec = {
  path: 'services',
  group: 'management-api',
  summary: 'Compare local service versions with the linked project',
  description:
    'Lists each service image (database, auth, REST, realtime, storage, ...) with the version the local stack ' +
    'runs and, when the folder is linked, the version the hosted project runs. If they differ it suggests ' +
    'running `supabase link` again.',
  requiresLogin: true,
  examples: [{ id: 'basic-usage', name: 'Check versions', code: 'supabase services' }],
  tags: ['management-api'],
  load: () => import('../../commands/services.command.js'),
};

export const platformCommands: CommandSpec[] = [...projects, ...orgs, ...branches, ...secrets, ...sso, ...snippets, services];
