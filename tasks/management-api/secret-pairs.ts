/**
 * The secrets `secrets set` sends (one list in one POST, as the original): NAME=VALUE arguments, or
 * a dotenv file read with the maintained `dotenv` parser. Names the platform reserves (the
 * SUPABASE_ prefix) are refused here, before anything is sent, so a run either stores every secret
 * or none.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'dotenv';
import { TaskError } from '../task-error.js';
import { describeFileError } from '../storage/local-files.js';
import type { components } from './client/management-api.gen.js';

export type SecretPair = components['schemas']['CreateSecretBody'];

const RESERVED_PREFIX = 'SUPABASE_';

/** Every assignment of a dotenv file, in file order. */
export async function secretsFromEnvFile(file: string): Promise<SecretPair[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    // Worded as the original's (its dotenv reader returns the open error as it is).
    throw new TaskError(describeFileError('open', file, error), 'Check the path given to --env-file.', { cause: error });
  }
  return checked(Object.entries(parse(text)).map(([name, value]) => ({ name, value })));
}

/** `NAME=VALUE` arguments, split at the first `=`; the value may be empty, the name may not. */
export function secretsFromArgs(args: readonly string[]): SecretPair[] {
  if (args.length === 0) throw new TaskError('No arguments found. Use --env-file to read from a .env file.');
  return checked(args.map((pair) => {
    const at = pair.indexOf('=');
    if (at <= 0) throw new TaskError(`Invalid secret pair: ${pair}. Must be NAME=VALUE.`);
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  }));
}

function checked(secrets: SecretPair[]): SecretPair[] {
  const reserved = secrets.filter((secret) => secret.name.startsWith(RESERVED_PREFIX)).map((secret) => secret.name);
  if (reserved.length > 0) {
    throw new TaskError(
      `Secret names cannot start with ${RESERVED_PREFIX}: ${reserved.join(', ')}`,
      'The platform sets the SUPABASE_* variables of every function itself; rename these secrets.',
    );
  }
  return secrets;
}
