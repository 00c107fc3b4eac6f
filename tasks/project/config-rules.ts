/**
 * The checks the original runs after decoding (its validation step), with its exact messages and in
 * its order, plus the image tags that the supabase/.temp version files override. Mutates the config
 * it is given (schema lists, env() values, images) and throws a TaskError on the first failure.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectConfig, SmsProviderConfig } from './config.types.js';
import { EXTERNAL_PROVIDERS } from './config-schema.js';
import { resolveEnvRef } from './env-substitution.js';
import { TaskError } from '../task-error.js';

/** Image tags the original pins at v1.145.4. */
export const IMAGES = {
  pg13: 'supabase/postgres:13.3.0',
  pg14: 'supabase/postgres:14.1.0.89',
  pg15: 'supabase/postgres:15.1.0.147',
  rest: 'postgrest/postgrest:v12.0.1',
  auth: 'supabase/gotrue:v2.132.3',
  storage: 'supabase/storage-api:v0.46.4',
} as const;

/** Contents of the supabase/.temp version files, empty when a file is missing. */
export interface TempVersions {
  postgres: string;
  rest: string;
  gotrue: string;
  storage: string;
  poolerUrl: string;
}

const missing = (key: string): TaskError => new TaskError(`Missing required field in config: ${key}`);

const SMS_REQUIRED: Record<string, { fields: string[]; secrets: string[] }> = {
  twilio: { fields: ['account_sid', 'message_service_sid', 'auth_token'], secrets: ['auth_token'] },
  twilio_verify: { fields: ['account_sid', 'message_service_sid', 'auth_token'], secrets: ['auth_token'] },
  messagebird: { fields: ['originator', 'access_key'], secrets: ['access_key'] },
  textlocal: { fields: ['sender', 'api_key'], secrets: ['api_key'] },
  vonage: { fields: ['from', 'api_key', 'api_secret'], secrets: ['api_key', 'api_secret'] },
};

/** Validates and completes a built config; `root` resolves relative paths such as email templates. */
export async function applyConfigRules(config: ProjectConfig, root: string, env: NodeJS.ProcessEnv, temp: TempVersions): Promise<void> {
  if (!config.project_id) throw missing('project_id');
  if (!config.api.port) throw missing('api.port');
  config.api.schemas = unique(['public', 'storage', ...config.api.schemas]);
  config.api.extra_search_path = unique(['public', ...config.api.extra_search_path]);
  if (!config.db.port) throw missing('db.port');
  config.images.db = dbImage(config, env, temp);
  // The original checks the rest version file before the major version; the result is the same.
  config.images.rest = config.api.enabled && temp.rest && config.db.major_version > 14 ? `postgrest/postgrest:${temp.rest}` : IMAGES.rest;
  if (config.db.pooler.enabled) {
    if (!['transaction', 'session'].includes(config.db.pooler.pool_mode)) {
      throw new TaskError('Invalid config for db.pooler.pool_mode. Must be one of: [transaction session]');
    }
    config.db.pooler.connection_string = temp.poolerUrl;
  }
  if (config.realtime.enabled && !['IPv6', 'IPv4'].includes(config.realtime.ip_version)) {
    throw new TaskError('Invalid config for realtime.ip_version. Must be one of: [IPv6 IPv4]');
  }
  config.images.storage = config.storage.enabled && temp.storage && config.db.major_version > 14 ? `supabase/storage-api:${temp.storage}` : IMAGES.storage;
  if (config.studio.enabled && !config.studio.port) throw missing('studio.port');
  if (config.inbucket.enabled && !config.inbucket.port) throw missing('inbucket.port');
  config.images.auth = IMAGES.auth;
  if (config.auth.enabled) await checkAuth(config, root, env, temp);
  if (config.analytics.enabled) checkAnalytics(config);
}

function dbImage(config: ProjectConfig, env: NodeJS.ProcessEnv, temp: TempVersions): string {
  switch (config.db.major_version) {
    case 0:
      throw missing('db.major_version');
    case 12:
      throw new TaskError(
        'Postgres version 12.x is unsupported. To use the CLI, either start a new project or follow project migration steps here: https://supabase.com/docs/guides/database#migrating-between-projects.',
      );
    case 13:
      return IMAGES.pg13;
    case 14:
      return IMAGES.pg14;
    case 15: {
      const exp = config.experimental;
      if (exp.orioledb_version) {
        exp.s3_host = resolveEnvRef(exp.s3_host, env);
        exp.s3_region = resolveEnvRef(exp.s3_region, env);
        exp.s3_access_key = resolveEnvRef(exp.s3_access_key, env);
        exp.s3_secret_key = resolveEnvRef(exp.s3_secret_key, env);
        return `supabase/postgres:orioledb-${exp.orioledb_version}`;
      }
      return temp.postgres.startsWith('15.') && semverAtLeast(temp.postgres.slice(3), [1, 0, 55])
        ? `supabase/postgres:${temp.postgres}`
        : IMAGES.pg15;
    }
    default:
      throw new TaskError(
        `Failed reading config: Invalid db.major_version: ${config.db.major_version}.`,
        'Set [db] major_version in supabase/config.toml to one of the accepted values: 13, 14 or 15.',
      );
  }
}

async function checkAuth(config: ProjectConfig, root: string, env: NodeJS.ProcessEnv, temp: TempVersions): Promise<void> {
  const auth = config.auth;
  if (!auth.site_url) throw missing('auth.site_url');
  if (temp.gotrue && config.db.major_version > 14) config.images.auth = `supabase/gotrue:${temp.gotrue}`;
  for (const [id, template] of Object.entries(auth.email.template)) {
    if (!template.content_path) continue;
    try {
      await stat(path.resolve(root, template.content_path));
    } catch (err) {
      throw new TaskError(`Invalid config for auth.email.template.${id}.content_path: ${(err as Error).message}`);
    }
  }
  for (const [name, rule] of Object.entries(SMS_REQUIRED)) {
    const provider = auth.sms[name as keyof typeof auth.sms] as SmsProviderConfig;
    if (!provider.enabled) continue;
    const fields = provider as unknown as Record<string, string | undefined>;
    for (const field of rule.fields) if (!fields[field]) throw missing(`auth.sms.${name}.${field}`);
    for (const field of rule.secrets) fields[field] = resolveEnvRef(fields[field]!, env);
  }
  const hookKeys = {
    custom_access_token: 'custom_access_token',
    // The original's message misspells this one; kept so scripts matching on it keep working.
    mfa_verification_attempt: 'mfa_verification_atempt',
    password_verification_attempt: 'password_verification_attempt',
  } as const;
  for (const [name, shown] of Object.entries(hookKeys)) {
    const hook = auth.hook[name as keyof typeof hookKeys];
    if (hook.enabled && !hook.uri) throw missing(`auth.hook.${shown}.uri`);
  }
  for (const name of EXTERNAL_PROVIDERS) {
    const provider = auth.external[name];
    if (!provider?.enabled) continue;
    if (!provider.client_id) throw missing(`auth.external.${name}.client_id`);
    if (!provider.secret) throw missing(`auth.external.${name}.secret`);
    provider.client_id = resolveEnvRef(provider.client_id, env);
    provider.secret = resolveEnvRef(provider.secret, env);
    if (provider.redirect_uri) provider.redirect_uri = resolveEnvRef(provider.redirect_uri, env);
    if (provider.url) provider.url = resolveEnvRef(provider.url, env);
  }
}

function checkAnalytics(config: ProjectConfig): void {
  const a = config.analytics;
  if (a.backend === 'bigquery') {
    if (!a.gcp_project_id) throw missing('analytics.gcp_project_id');
    if (!a.gcp_project_number) throw missing('analytics.gcp_project_number');
    if (!a.gcp_jwt_path) {
      throw new TaskError('Path to GCP Service Account Key must be provided in config, relative to config.toml: analytics.gcp_jwt_path');
    }
  } else if (a.backend !== 'postgres') {
    throw new TaskError('Invalid config for analytics.backend. Must be one of: [postgres bigquery]');
  }
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

function semverAtLeast(version: string, min: [number, number, number]): boolean {
  const parts = version.split('.').map((p) => Number.parseInt(p, 10));
  if (parts.length < 3 || parts.some((p) => Number.isNaN(p))) return false;
  for (let i = 0; i < 3; i++) {
    if (parts[i]! !== min[i]) return parts[i]! > min[i]!;
  }
  return true;
}
