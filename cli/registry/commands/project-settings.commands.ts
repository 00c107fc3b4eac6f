/**
 * Settings of one hosted project through the Management API: custom and vanity hostnames, network
 * restrictions and bans, SSL enforcement, Postgres overrides and the pgsodium root key. Every group
 * declares a persistent --project-ref on its parent, so its children inherit it.
 */
import { commandGroup, groupProjectRef, type ChildSpec, type GroupOptions } from '../platform-flags.js';
import type { CommandSpec, FlagSpec } from '../types.js';

const DOCS = 'https://supabase.com/docs/guides/platform';

/** A project-scoped group: the parent owns the persistent --project-ref (plus any extra persistent flags). */
function settingsGroup(options: GroupOptions, children: ChildSpec[]): CommandSpec[] {
  return commandGroup({ ...options, flags: [groupProjectRef(), ...(options.flags ?? [])] }, children);
}

/** `--desired-subdomain`, shared by the vanity subdomain check and activation. */
function desiredSubdomainFlag(purpose: string): FlagSpec {
  return { name: 'desired-subdomain', type: 'string', description: `Subdomain of supabase.co to ${purpose}, without the domain part.` };
}

/** A `get` child that only reads the setting the group is about. */
function getChild(what: string, detail: string, example: string): ChildSpec {
  return {
    name: 'get',
    summary: `Show the project's ${what}`,
    description: detail,
    examples: [{ id: 'basic-usage', name: `Show the ${what}`, code: example }],
  };
}

const domains = settingsGroup(
  {
    path: 'domains',
    summary: 'Serve a project from your own domain name',
    description:
      'Sets up a custom hostname (for example api.example.com) in front of a hosted project, in steps: create, ' +
      'add the DNS records it asks for, reverify until it is ready, then activate.',
    flags: [
      {
        name: 'include-raw-output',
        type: 'bool',
        persistent: true,
        description: 'After the summary, also print the JSON response of the API.',
      },
    ],
    links: [{ name: 'Custom domains guide', link: `${DOCS}/custom-domains` }],
  },
  [
    {
      name: 'create',
      load: () => import('../../commands/domains-create.command.js'),
      summary: 'Register a custom hostname for the project',
      description:
        'Starts the custom hostname set-up. The hostname must already have a CNAME record pointing to ' +
        '<ref>.supabase.co (checked over DNS-over-HTTPS first); the reply lists the TXT records that prove ownership ' +
        'and obtain the certificate.',
      flags: [{ name: 'custom-hostname', type: 'string', description: 'Hostname to serve the project from, e.g. api.example.com.' }],
      examples: [{ id: 'basic-usage', name: 'Start the set-up', code: 'supabase domains create --custom-hostname api.example.com' }],
    },
    {
      ...getChild(
        'custom hostname set-up',
        'Prints how far the custom hostname set-up has got and which DNS records, if any, are still missing.',
        'supabase domains get',
      ),
      load: () => import('../../commands/domains-get.command.js'),
    },
    {
      name: 'reverify',
      load: () => import('../../commands/domains-reverify.command.js'),
      summary: 'Check the custom hostname\'s DNS records again',
      description:
        'Asks the platform to look at the DNS records and certificate validation once more, and prints the new ' +
        'state. Run it after adding the TXT records until the hostname is ready for activation.',
      examples: [{ id: 'basic-usage', name: 'Re-check the records', code: 'supabase domains reverify' }],
    },
    {
      name: 'activate',
      load: () => import('../../commands/domains-activate.command.js'),
      summary: 'Switch the project over to its custom hostname',
      description:
        'Makes the project answer on the verified custom hostname once its CNAME checks out. From then on Auth ' +
        'works only on the custom hostname and no longer on <ref>.supabase.co, so update OAuth redirect settings first.',
      examples: [{ id: 'basic-usage', name: 'Activate the hostname', code: 'supabase domains activate' }],
    },
    {
      name: 'delete',
      load: () => import('../../commands/domains-delete.command.js'),
      summary: 'Remove the custom hostname configuration',
      description: 'Deletes the project\'s custom hostname set-up, at whatever step it is.',
      examples: [
        { id: 'basic-usage', name: 'Remove the hostname', code: 'supabase domains delete', response: 'Deleted custom hostname config successfully.' },
      ],
    },
  ],
);

const vanitySubdomains = settingsGroup(
  {
    path: 'vanity-subdomains',
    experimental: true,
    summary: 'Give a project a readable supabase.co subdomain',
    description:
      'A vanity subdomain replaces the random project ref in the address, e.g. my-app.supabase.co. It cannot be ' +
      'combined with a custom hostname.',
    links: [{ name: 'Custom domains guide', link: `${DOCS}/custom-domains` }],
  },
  [
    {
      ...getChild(
        'vanity subdomain',
        'Prints whether the project uses a vanity subdomain (not-used, custom-domain-used or active) and, if so, which one.',
        'supabase vanity-subdomains get --experimental',
      ),
      load: () => import('../../commands/vanity-subdomains-get.command.js'),
    },
    {
      name: 'check-availability',
      load: () => import('../../commands/vanity-subdomains-check-availability.command.js'),
      summary: 'Find out whether a vanity subdomain is still free',
      description: 'Asks the platform whether the subdomain could be activated for this project, and prints true or false.',
      flags: [desiredSubdomainFlag('check')],
      examples: [
        {
          id: 'basic-usage',
          name: 'Check a name',
          code: 'supabase vanity-subdomains check-availability --desired-subdomain my-app --experimental',
          response: 'Subdomain my-app available: true',
        },
      ],
    },
    {
      name: 'activate',
      load: () => import('../../commands/vanity-subdomains-activate.command.js'),
      summary: 'Start serving the project from a vanity subdomain',
      description:
        'Claims the subdomain for the project. Afterwards Auth answers only on the vanity address and no longer on ' +
        '<ref>.supabase.co, so update redirect settings first.',
      flags: [desiredSubdomainFlag('claim')],
      examples: [
        {
          id: 'basic-usage',
          name: 'Activate a name',
          code: 'supabase vanity-subdomains activate --desired-subdomain my-app --experimental',
          response: 'Activated vanity subdomain at my-app.supabase.co',
        },
      ],
    },
    {
      name: 'delete',
      load: () => import('../../commands/vanity-subdomains-delete.command.js'),
      summary: 'Give up the project\'s vanity subdomain',
      description: 'Releases the vanity subdomain; the project is served from <ref>.supabase.co again.',
      examples: [
        {
          id: 'basic-usage',
          name: 'Remove the vanity subdomain',
          code: 'supabase vanity-subdomains delete --experimental',
          response: 'Deleted vanity subdomain successfully.',
        },
      ],
    },
  ],
);

const networkRestrictions = settingsGroup(
  {
    path: 'network-restrictions',
    experimental: true,
    summary: 'Limit which addresses may connect to the database',
    description: 'Controls the IP ranges allowed to open connections to the project\'s Postgres database.',
    links: [{ name: 'Network restrictions guide', link: `${DOCS}/network-restrictions` }],
  },
  [
    {
      ...getChild(
        'network restrictions',
        'Prints the IPv4 and IPv6 ranges currently allowed to reach the database, and whether they have been applied.',
        'supabase network-restrictions get --experimental',
      ),
      load: () => import('../../commands/network-restrictions-get.command.js'),
    },
    {
      name: 'update',
      load: () => import('../../commands/network-restrictions-update.command.js'),
      summary: 'Replace the list of allowed address ranges',
      description:
        'Sets the complete list of CIDR ranges allowed to reach the database; IPv4 and IPv6 entries are sorted ' +
        'apart automatically. Private ranges such as 10.0.0.0/8 are refused unless --bypass-cidr-checks is given.',
      flags: [
        { name: 'db-allow-cidr', type: 'stringSlice', description: 'CIDR ranges to allow (comma-separated or repeated); the list replaces the current one.' },
        { name: 'bypass-cidr-checks', type: 'bool', description: 'Accept private and otherwise reserved ranges too.' },
      ],
      examples: [
        {
          id: 'office-and-ci',
          name: 'Allow an office network and one CI runner',
          code: 'supabase network-restrictions update --db-allow-cidr 203.0.113.0/24,198.51.100.7/32 --experimental',
        },
      ],
    },
  ],
);

const networkBans = settingsGroup(
  {
    path: 'network-bans',
    experimental: true,
    summary: 'See and lift temporary bans on client addresses',
    description:
      'The platform temporarily bans IP addresses that misbehave, for example by failing to authenticate to the ' +
      'database too often. These commands show and remove such bans.',
  },
  [
    {
      ...getChild('banned addresses', 'Prints the IP addresses currently banned from the project\'s database.', 'supabase network-bans get --experimental'),
      load: () => import('../../commands/network-bans-get.command.js'),
    },
    {
      name: 'remove',
      load: () => import('../../commands/network-bans-remove.command.js'),
      summary: 'Lift bans on IP addresses',
      description: 'Unbans the given addresses so they can connect to the database again. Only IPv4 addresses are accepted.',
      flags: [{ name: 'db-unban-ip', type: 'stringSlice', description: 'IPv4 addresses to unban (comma-separated or repeated).' }],
      examples: [{ id: 'basic-usage', name: 'Unban an address', code: 'supabase network-bans remove --db-unban-ip 198.51.100.7 --experimental' }],
    },
  ],
);

const sslEnforcement = settingsGroup(
  {
    path: 'ssl-enforcement',
    experimental: true,
    summary: 'Require encrypted connections to the database',
    description: 'Decides whether clients outside the platform must use SSL to connect to the project\'s database.',
    links: [{ name: 'SSL enforcement guide', link: `${DOCS}/ssl-enforcement` }],
  },
  [
    {
      ...getChild('SSL enforcement setting', 'Tells whether SSL is currently enforced for database connections.', 'supabase ssl-enforcement get --experimental'),
      load: () => import('../../commands/ssl-enforcement-get.command.js'),
    },
    {
      name: 'update',
      load: () => import('../../commands/ssl-enforcement-update.command.js'),
      summary: 'Turn SSL enforcement on or off',
      description: 'Changes the setting and prints the new state. Give exactly one of the two flags; they cannot be combined.',
      flags: [
        { name: 'enable-db-ssl-enforcement', type: 'bool', description: 'Refuse database connections that do not use SSL.' },
        { name: 'disable-db-ssl-enforcement', type: 'bool', description: 'Accept database connections without SSL again.' },
      ],
      exclusive: [['enable-db-ssl-enforcement', 'disable-db-ssl-enforcement']],
      examples: [
        {
          id: 'enable',
          name: 'Enforce SSL',
          code: 'supabase ssl-enforcement update --enable-db-ssl-enforcement --experimental',
          response: 'SSL is now being enforced.',
        },
      ],
    },
  ],
);

const postgresConfig = settingsGroup(
  {
    path: 'postgres-config',
    experimental: true,
    summary: 'Override Postgres settings of the hosted database',
    description:
      'Manages the custom values of server parameters such as max_connections or statement_timeout that the ' +
      'platform applies on top of its defaults.',
    links: [{ name: 'Custom Postgres config guide', link: `${DOCS}/custom-postgres-config` }],
  },
  [
    {
      ...getChild('Postgres overrides', 'Prints every parameter that has a custom value, with that value.', 'supabase postgres-config get --experimental'),
      load: () => import('../../commands/postgres-config-get.command.js'),
    },
    {
      name: 'update',
      load: () => import('../../commands/postgres-config-update.command.js'),
      summary: 'Set Postgres parameter overrides',
      description:
        'Merges the given key=value pairs into the current overrides, or replaces all of them with ' +
        '--replace-existing-overrides, and prints the result. Values that look like whole numbers are sent as numbers.',
      flags: [
        { name: 'config', type: 'stringSlice', description: 'Overrides as parameter=value (comma-separated or repeated).' },
        { name: 'replace-existing-overrides', type: 'bool', description: 'Drop every current override not named in --config instead of keeping it.' },
      ],
      examples: [
        {
          id: 'basic-usage',
          name: 'Raise the connection limit and set a timeout',
          code: 'supabase postgres-config update --config max_connections=120,statement_timeout=30s --experimental',
        },
      ],
    },
  ],
);

const encryption = settingsGroup(
  {
    path: 'encryption',
    summary: 'Manage the project\'s pgsodium root encryption key',
    description: 'The root key is what pgsodium derives its encryption keys from, for example for Vault secrets.',
  },
  [
    {
      name: 'get-root-key',
      load: () => import('../../commands/encryption-get-root-key.command.js'),
      summary: 'Print the project\'s pgsodium root key',
      description: 'Fetches and prints the root key. Treat the output as a secret.',
      examples: [{ id: 'basic-usage', name: 'Show the root key', code: 'supabase encryption get-root-key' }],
    },
    {
      name: 'update-root-key',
      load: () => import('../../commands/encryption-update-root-key.command.js'),
      summary: 'Replace the project\'s pgsodium root key',
      description:
        'Asks for the new key on standard input, without echoing it, and stores it. Anything encrypted with keys ' +
        'derived from the old root key may become unreadable, so change it with care.',
      examples: [{ id: 'basic-usage', name: 'Change the root key', code: 'supabase encryption update-root-key' }],
    },
  ],
);

export const projectSettingsCommands: CommandSpec[] = [
  ...domains,
  ...vanitySubdomains,
  ...networkRestrictions,
  ...networkBans,
  ...sslEnforcement,
  ...postgresConfig,
  ...encryption,
];
