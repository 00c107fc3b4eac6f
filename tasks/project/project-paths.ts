/**
 * The project-relative paths of the original CLI, which changes directory to the project
 * root first. Every path is relative to the
 * project root, with forward slashes, exactly as the original prints them in messages.
 */
import path from 'node:path';

export const SUPABASE_DIR = 'supabase';
export const CONFIG_PATH = 'supabase/config.toml';
export const GITIGNORE_PATH = 'supabase/.gitignore';
export const TEMP_DIR = 'supabase/.temp';
export const PROJECT_REF_PATH = 'supabase/.temp/project-ref';
export const POOLER_URL_PATH = 'supabase/.temp/pooler-url';
export const POSTGRES_VERSION_PATH = 'supabase/.temp/postgres-version';
export const GOTRUE_VERSION_PATH = 'supabase/.temp/gotrue-version';
export const REST_VERSION_PATH = 'supabase/.temp/rest-version';
export const STORAGE_VERSION_PATH = 'supabase/.temp/storage-version';
export const CURRENT_BRANCH_PATH = 'supabase/.branches/_current_branch';
export const MIGRATIONS_DIR = 'supabase/migrations';
export const FUNCTIONS_DIR = 'supabase/functions';
export const TESTS_DIR = 'supabase/tests';
export const SEED_PATH = 'supabase/seed.sql';
export const ROLES_PATH = 'supabase/roles.sql';
/** The .env file read from the project root before config overrides (a missing one is ignored). */
export const DOTENV_PATH = '.env';

/** Joins a project-relative path onto the project root as an absolute OS path. */
export function inProject(root: string, relative: string): string {
  return path.join(root, ...relative.split('/'));
}
