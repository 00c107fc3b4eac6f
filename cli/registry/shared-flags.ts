/**
 * Flag families that many commands declare with small variations. Building them here keeps the
 * wording and the facts (names, shorthands, defaults) in one place.
 */
import type { FlagSpec } from './types.js';

/** Which database a command talks to when the user names none. */
export type DefaultTarget = 'local' | 'linked';

export interface DbTargetOptions {
  /** The database picked when none of `--db-url`, `--local`, `--linked` is given. */
  defaultTarget: DefaultTarget;
  /** What the command does to the database, completing "the database to ...". */
  purpose: string;
  /** Whether the command also takes `-p/--password` for the linked database. */
  password?: boolean;
  persistent?: boolean;
}

/** `--db-url`, `--linked`, `--local` (and optionally `-p/--password`). */
export function dbTargetFlags(options: DbTargetOptions): FlagSpec[] {
  const persistent = options.persistent ? { persistent: true } : {};
  const flags: FlagSpec[] = [
    {
      name: 'db-url',
      type: 'string',
      description: `Connection string of the database to ${options.purpose}; it must be percent-encoded.`,
      ...persistent,
    },
    {
      name: 'linked',
      type: 'bool',
      default: options.defaultTarget === 'linked',
      description: `Use the database of the project this folder is linked to.`,
      ...persistent,
    },
    {
      name: 'local',
      type: 'bool',
      default: options.defaultTarget === 'local',
      description: `Use the database of the local stack.`,
      ...persistent,
    },
  ];
  if (options.password) flags.push(passwordFlag());
  return flags;
}

/** `-p/--password`, the linked database's password. */
export function passwordFlag(): FlagSpec {
  return {
    name: 'password',
    short: 'p',
    type: 'string',
    env: 'SUPABASE_DB_PASSWORD',
    description: 'Password of the linked database (or set SUPABASE_DB_PASSWORD).',
  };
}

/** The exclusive group every command with database target flags has. */
export const DB_TARGET_GROUP = ['db-url', 'linked', 'local'];

/** `--project-ref`, resolved from the flag, SUPABASE_PROJECT_ID, the linked folder, then a prompt. */
export function projectRefFlag(options: { persistent?: boolean } = {}): FlagSpec {
  return {
    name: 'project-ref',
    type: 'string',
    description: 'Reference id of the hosted project; defaults to the linked project.',
    ...(options.persistent ? { persistent: true } : {}),
  };
}

/** `-o/--output` with the given formats. */
export function outputFlag(values: readonly string[], defaultValue: string, options: { persistent?: boolean } = {}): FlagSpec {
  return {
    name: 'output',
    short: 'o',
    type: 'enum',
    values,
    default: defaultValue,
    description: 'Format of the printed result.',
    ...(options.persistent ? { persistent: true } : {}),
  };
}

/**
 * `-s/--schema`, a comma-separated (or repeated) list of schema names. `purpose` completes
 * "Schemas to ..."; the text notes what happens when the flag is left out.
 */
export function schemaFlag(purpose: string, whenOmitted: string, options: { persistent?: boolean } = {}): FlagSpec {
  return {
    name: 'schema',
    short: 's',
    type: 'stringSlice',
    description: `Schemas to ${purpose}, comma-separated; ${whenOmitted}.`,
    ...(options.persistent ? { persistent: true } : {}),
  };
}
