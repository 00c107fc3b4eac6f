/**
 * The variables a served function sees besides the platform's own: `--env-file`, or
 * supabase/functions/.env when it exists, parsed as dotenv. Names starting with SUPABASE_ are
 * refused: those are the platform's, and a file must not shadow them.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseEnvFile } from '../project/env-file.js';
import { FUNCTIONS_DIR, inProject } from '../project/project-paths.js';
import { TaskError, messageOf } from '../task-error.js';
import { statUserFile } from './user-file.js';

export const FALLBACK_ENV_FILE = `${FUNCTIONS_DIR}/.env`;

export interface FunctionsEnv {
  /** The file read (absolute), if any. */
  file?: string;
  vars: Record<string, string>;
}

/** Reads the user's variables for served functions. */
export function loadFunctionsEnv(root: string, flag: string | undefined, processEnv: NodeJS.ProcessEnv = {}): FunctionsEnv {
  let file: string | undefined;
  if (flag) {
    file = path.resolve(root, flag);
    const info = statUserFile(file, 'Failed to read env file', 'Check the path given to --env-file.');
    if (info.isDirectory()) throw new TaskError(`Failed to read env file: ${file} is a directory`, 'Give --env-file the dotenv file itself.');
  } else {
    const fallback = inProject(root, FALLBACK_ENV_FILE);
    if (statSync(fallback, { throwIfNoEntry: false })?.isFile()) file = fallback;
  }
  if (!file) return { vars: {} };
  let vars: Record<string, string>;
  try {
    vars = parseEnvFile(readFileSync(file, 'utf8'), (name) => processEnv[name]);
  } catch (error) {
    throw new TaskError(`failed to parse env file ${file}: ${messageOf(error)}`);
  }
  const reserved = Object.keys(vars).find((name) => name.startsWith('SUPABASE_'));
  if (reserved) {
    throw new TaskError(`Invalid env name: ${reserved}. Env names cannot start with SUPABASE_.`, `Rename ${reserved} in ${file}; SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and SUPABASE_DB_URL are set for you.`);
  }
  return { file, vars };
}
