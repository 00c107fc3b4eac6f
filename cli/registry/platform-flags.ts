/**
 * Helpers for the Management API command groups: the region tables behind the `--region` enums, and a
 * builder for a parent command with its children, so the many small groups (sso, domains, the
 * network and database settings, ...) share their group, gates and inherited flags without repeating them.
 */
import { projectRefFlag } from './shared-flags.js';
import type { CommandSpec, FlagSpec, Link } from './types.js';

/** Regions a new hosted project can live in (AWS region keys), with the label the region prompt shows. */
export const PROJECT_REGIONS = {
  'ap-northeast-1': 'Northeast Asia (Tokyo)',
  'ap-northeast-2': 'Northeast Asia (Seoul)',
  'ap-south-1': 'South Asia (Mumbai)',
  'ap-southeast-1': 'Southeast Asia (Singapore)',
  'ap-southeast-2': 'Oceania (Sydney)',
  'ca-central-1': 'Canada (Central)',
  'eu-central-1': 'Central EU (Frankfurt)',
  'eu-west-1': 'West EU (Ireland)',
  'eu-west-2': 'West EU (London)',
  'eu-west-3': 'West EU (Paris)',
  'sa-east-1': 'South America (São Paulo)',
  'us-east-1': 'East US (North Virginia)',
  'us-west-1': 'West US (North California)',
  'us-west-2': 'West US (Oregon)',
} as const satisfies Record<string, string>;

/** Regions a preview branch database can run in (fly.io codes), with the city each stands for. */
export const BRANCH_REGIONS = {
  ams: 'Amsterdam, Netherlands',
  arn: 'Stockholm, Sweden',
  bog: 'Bogotá, Colombia',
  bos: 'Boston, Massachusetts (US)',
  cdg: 'Paris, France',
  den: 'Denver, Colorado (US)',
  dfw: 'Dallas, Texas (US)',
  ewr: 'Secaucus, NJ (US)',
  fra: 'Frankfurt, Germany',
  gdl: 'Guadalajara, Mexico',
  gig: 'Rio de Janeiro, Brazil',
  gru: 'Sao Paulo, Brazil',
  hkg: 'Hong Kong, Hong Kong',
  iad: 'Ashburn, Virginia (US)',
  jnb: 'Johannesburg, South Africa',
  lax: 'Los Angeles, California (US)',
  lhr: 'London, United Kingdom',
  maa: 'Chennai (Madras), India',
  mad: 'Madrid, Spain',
  mia: 'Miami, Florida (US)',
  nrt: 'Tokyo, Japan',
  ord: 'Chicago, Illinois (US)',
  otp: 'Bucharest, Romania',
  qro: 'Querétaro, Mexico',
  scl: 'Santiago, Chile',
  sea: 'Seattle, Washington (US)',
  sin: 'Singapore, Singapore',
  sjc: 'San Jose, California (US)',
  syd: 'Sydney, Australia',
  waw: 'Warsaw, Poland',
  yul: 'Montreal, Canada',
  yyz: 'Toronto, Canada',
} as const satisfies Record<string, string>;

/** The codes of a region table, in the table's (sorted) order. */
export function regionCodes(table: Record<string, string>): string[] {
  return Object.keys(table);
}

/** `--region`, an optional enum over one of the region tables. */
export function regionFlag(table: Record<string, string>, description: string): FlagSpec {
  return { name: 'region', type: 'enum', values: regionCodes(table), description };
}

/** The persistent `--project-ref` that every project-scoped group declares on its parent. */
export function groupProjectRef(): FlagSpec {
  return projectRefFlag({ persistent: true });
}

/** A child of a command group: its path is relative to the group, and the group's gates are stamped on. */
export type ChildSpec = Omit<CommandSpec, 'path' | 'group' | 'experimental'> & {
  /** The child's own name, e.g. `list` for `sso list`. */
  name: string;
};

export interface GroupOptions {
  /** The group's command path, e.g. `sso` or `vanity-subdomains`. */
  path: string;
  summary: string;
  description?: string;
  /** Marks the parent and every child as needing `--experimental`. */
  experimental?: boolean;
  /** Flags declared on the parent; mark them persistent to hand them down to the children. */
  flags?: FlagSpec[];
  /** Exclusive groups of the parent's own (persistent) flags. */
  exclusive?: string[][];
  /** Tags stamped on every child that declares none; defaults to `management-api` and the group's name. */
  tags?: string[];
  links?: Link[];
  /** Whether the children need an access token unless they say otherwise (default true). */
  requiresLogin?: boolean;
}

/**
 * A Management API group: a non-runnable parent that only lists its children, followed by the children.
 * Every entry gets the `management-api` help group and the group's experimental mark.
 */
export function commandGroup(options: GroupOptions, children: ChildSpec[]): CommandSpec[] {
  const experimental = options.experimental ? { experimental: true } : {};
  const tags = options.tags ?? ['management-api', options.path];
  const parent: CommandSpec = {
    path: options.path,
    group: 'management-api',
    runnable: false,
    summary: options.summary,
    ...(options.description ? { description: options.description } : {}),
    ...(options.flags ? { flags: options.flags } : {}),
    ...(options.exclusive ? { exclusive: options.exclusive } : {}),
    ...experimental,
    tags,
    ...(options.links ? { links: options.links } : {}),
  };
  const defaultLogin = options.requiresLogin ?? true;
  return [
    parent,
    ...children.map(({ name, ...child }): CommandSpec => ({
      path: `${options.path} ${name}`,
      group: 'management-api',
      ...experimental,
      ...(defaultLogin && child.requiresLogin === undefined ? { requiresLogin: true } : {}),
      tags,
      ...child,
    })),
  ];
}
