/**
 * The keys of a preview branch (what the original's `gen keys` derives): a database password
 * derived from the project ref, its JWT secret and the branch name, and anon / service_role tokens
 * valid for ten years.
 */
import { createHash } from 'node:crypto';
import { signHs256 } from './jwt.js';

/** Each output variable: the key that renames it with --override-name, and its default name. */
export const BRANCH_KEY_NAMES = [
  { key: 'db.host', name: 'NEXT_PUBLIC_SUPABASE_URL' },
  { key: 'db.password', name: 'SUPABASE_DB_PASSWORD' },
  // The original reuses db.password here, so one override renamed two variables and lost one;
  // the secret gets a key of its own instead.
  { key: 'auth.jwt_secret', name: 'SUPABASE_AUTH_JWT_SECRET' },
  { key: 'auth.anon_key', name: 'SUPABASE_AUTH_ANON_KEY' },
  { key: 'auth.service_role_key', name: 'SUPABASE_AUTH_SERVICE_ROLE_KEY' },
] as const;

export type BranchKey = (typeof BRANCH_KEY_NAMES)[number]['key'];

export interface BranchKeysInput {
  ref: string;
  jwtSecret: string;
  branch: string;
  /** The signing time; tokens expire ten years later. */
  now?: Date;
}

const TEN_YEARS_SECONDS = 10 * 365 * 24 * 60 * 60;

/** The values by override key. */
export function branchKeys(input: BranchKeysInput): Record<BranchKey, string> {
  const password = createHash('sha256').update(`${input.ref}:${input.jwtSecret}:${input.branch}`).digest('hex');
  const exp = Math.floor((input.now ?? new Date()).getTime() / 1000) + TEN_YEARS_SECONDS;
  // Claim order matters for byte-identical tokens: ref, role, iss, exp.
  const token = (role: string) => signHs256({ ref: input.ref, role, iss: 'supabase', exp }, input.jwtSecret);
  return {
    'db.host': `${input.ref}-${input.branch}.fly.dev`,
    'db.password': password,
    'auth.jwt_secret': input.jwtSecret,
    'auth.anon_key': token('anon'),
    'auth.service_role_key': token('service_role'),
  };
}

/**
 * Names the values for output. `overrides` holds `key=NEW_NAME` entries; an entry for a key that
 * does not exist is reported, since a typo would otherwise go unnoticed.
 */
export function nameBranchKeys(values: Record<BranchKey, string>, overrides: string[]): Record<string, string> {
  const renamed = new Map<string, string>();
  for (const entry of overrides) {
    const at = entry.indexOf('=');
    const key = at < 0 ? entry : entry.slice(0, at);
    if (at < 1 || !BRANCH_KEY_NAMES.some((item) => item.key === key)) {
      throw new Error(`invalid override "${entry}": expected key=NAME with key one of ${BRANCH_KEY_NAMES.map((item) => item.key).join(', ')}`);
    }
    renamed.set(key, entry.slice(at + 1));
  }
  return Object.fromEntries(BRANCH_KEY_NAMES.map(({ key, name }) => [renamed.get(key) ?? name, values[key]]));
}
