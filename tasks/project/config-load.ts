/**
 * Loads supabase/config.toml the way the original's LoadConfigFS does: the template's
 * values are the defaults, the user's file is merged over them, `.env` is read, environment
 * overrides apply, the API keys are signed, and the result is validated. Unlike the original, a
 * value of the wrong type is reported with the file, the line and the key.
 *
 * Our own addition is the `[local]` table (`runtime = "auto" | "native" | "docker"`), which the
 * original ignores with an "Unknown config fields" warning, so a file using it still works there.
 */
import { readFile } from 'node:fs/promises';
import { parse, TomlError } from './toml.js';
import type { ProjectConfig } from './config.types.js';
import { renderConfigTemplate } from './config-template.js';
import { checkTypes, isTable } from './config-types-check.js';
import { locateKeys, lineOf } from './toml-locations.js';
import { buildConfig } from './config-build.js';
import { applyConfigRules, type TempVersions } from './config-rules.js';
import { loadDotenv } from './env-file.js';
import { resolveApiKeys } from '../keys/api-keys.js';
import {
  CONFIG_PATH,
  DOTENV_PATH,
  GOTRUE_VERSION_PATH,
  POOLER_URL_PATH,
  POSTGRES_VERSION_PATH,
  REST_VERSION_PATH,
  STORAGE_VERSION_PATH,
  inProject,
} from './project-paths.js';
import { TaskError } from '../task-error.js';

export interface LoadConfigOptions {
  /** The process environment to read; defaults to process.env. It is never modified. */
  env?: NodeJS.ProcessEnv;
}

export interface LoadedConfig {
  config: ProjectConfig;
  /** Messages for stderr, e.g. `Unknown config fields: [local.foo]`. */
  warnings: string[];
  /** The environment after .env was merged under it; pass it on to child processes. */
  env: NodeJS.ProcessEnv;
}

/** The suggestion the original gives when the config cannot be read. */
export const INIT_SUGGESTION = 'Have you set up the project with supabase init?';

/** Reads, validates and completes `<root>/supabase/config.toml`. Throws TaskError on bad input. */
export async function loadConfig(root: string, options: LoadConfigOptions = {}): Promise<LoadedConfig> {
  const source = await readConfigSource(root);
  const doc = parseToml(source, root);
  const { issues, unknown } = checkTypes(doc);
  if (issues.length > 0) {
    const lines = locateKeys(source);
    const details = issues.map((issue) => {
      const line = lineOf(lines, issue.key);
      return `${CONFIG_PATH}${line ? `:${line}` : ''}: ${issue.key.join('.')}: ${issue.message}`;
    });
    throw new TaskError(`cannot read config in ${root}: ${details.join('\n')}`, `Fix the value in ${CONFIG_PATH}.`);
  }
  const warnings = unknown.length > 0 ? [`Unknown config fields: [${unknown.join(' ')}]`] : [];
  const merged = deepMerge(templateDefaults(), doc);
  const env = await loadDotenv(inProject(root, DOTENV_PATH), options.env ?? process.env);
  const config = buildConfig(merged, env);
  const keys = resolveApiKeys(config.auth.jwt_secret, { anon: config.auth.anon_key, serviceRole: config.auth.service_role_key });
  config.auth.anon_key = keys.anon;
  config.auth.service_role_key = keys.serviceRole;
  await applyConfigRules(config, root, env, await readTempVersions(root));
  return { config, warnings, env };
}

async function readConfigSource(root: string): Promise<string> {
  try {
    return await readFile(inProject(root, CONFIG_PATH), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? `open ${CONFIG_PATH}: no such file or directory` : (err as Error).message;
    throw new TaskError(`cannot read config in ${root}: ${reason}`, INIT_SUGGESTION, { cause: err });
  }
}

function parseToml(source: string, root: string): Record<string, unknown> {
  try {
    return parse(source) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof TomlError) {
      const reason = err.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
      throw new TaskError(`cannot read config in ${root}: ${CONFIG_PATH}:${err.line}:${err.column}: ${reason}`, INIT_SUGGESTION, {
        cause: err,
      });
    }
    throw err;
  }
}

let defaultsCache: Record<string, unknown> | undefined;

/** The template decoded with empty parameters: the defaults, exactly as the original takes them. */
export function templateDefaults(): Record<string, unknown> {
  defaultsCache ??= parse(renderConfigTemplate({ projectId: '', orioledbVersion: '' })) as Record<string, unknown>;
  return structuredClone(defaultsCache);
}

/** Tables merge key by key; any other value (arrays included) replaces, as a TOML decode does. */
function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    out[key] = isTable(value) && isTable(out[key]) ? deepMerge(out[key] as Record<string, unknown>, value) : value;
  }
  return out;
}

async function readTempVersions(root: string): Promise<TempVersions> {
  const read = async (rel: string): Promise<string> => {
    try {
      return (await readFile(inProject(root, rel), 'utf8')).trim();
    } catch {
      return '';
    }
  };
  const [postgres, rest, gotrue, storage, poolerUrl] = await Promise.all(
    [POSTGRES_VERSION_PATH, REST_VERSION_PATH, GOTRUE_VERSION_PATH, STORAGE_VERSION_PATH, POOLER_URL_PATH].map(read),
  );
  return { postgres: postgres!, rest: rest!, gotrue: gotrue!, storage: storage!, poolerUrl: poolerUrl! };
}
