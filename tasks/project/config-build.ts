/**
 * Turns a decoded config document (template defaults with the user's file merged over them) into
 * a typed ProjectConfig, filling the internal defaults the template does not spell out and the
 * values that only come from the environment (SUPABASE_AUTH_JWT_SECRET and
 * the like, as the original's viper reads them).
 */
import type {
  ExternalProviderConfig,
  HookConfig,
  ProjectConfig,
  RuntimeChoice,
  SmsProviderConfig,
} from './config.types.js';
import { isTable } from './config-types-check.js';
import { parseSize } from './size.js';
import { EXTERNAL_PROVIDERS } from './config-schema.js';

/** The original's internal defaults, which are not written in config.toml. */
export const INTERNAL_DEFAULTS = {
  dbPassword: 'postgres',
  rootKey: 'd4dc5b6d4a1d6a10b2c1e76112c994d65db7cec380572cc1839624d4be3fa275',
  jwtSecret: 'super-secret-jwt-token-with-at-least-32-characters-long',
  analyticsApiKey: 'api-key',
  realtimeIpVersion: 'IPv6',
  realtimeMaxHeaderLength: 4096,
} as const;

type Doc = Record<string, unknown>;

/** Builds the typed config; keys (anon/service_role) are left empty for the loader to sign. */
export function buildConfig(doc: Doc, env: NodeJS.ProcessEnv): ProjectConfig {
  const t = (path: string): Doc => table(doc, path);
  const auth = t('auth');
  const sms = t('auth.sms');
  return {
    project_id: str(doc, 'project_id'),
    api: {
      enabled: bool(t('api'), 'enabled', true),
      port: num(t('api'), 'port'),
      schemas: list(t('api'), 'schemas'),
      extra_search_path: list(t('api'), 'extra_search_path'),
      max_rows: num(t('api'), 'max_rows'),
    },
    db: {
      port: num(t('db'), 'port'),
      shadow_port: num(t('db'), 'shadow_port'),
      major_version: num(t('db'), 'major_version'),
      pooler: {
        enabled: bool(t('db.pooler'), 'enabled', false),
        port: num(t('db.pooler'), 'port'),
        pool_mode: str(t('db.pooler'), 'pool_mode'),
        default_pool_size: num(t('db.pooler'), 'default_pool_size'),
        max_client_conn: num(t('db.pooler'), 'max_client_conn'),
        connection_string: '',
      },
      password: INTERNAL_DEFAULTS.dbPassword,
      root_key: env.SUPABASE_DB_ROOT_KEY || INTERNAL_DEFAULTS.rootKey,
    },
    realtime: {
      enabled: bool(t('realtime'), 'enabled', true),
      ip_version: str(t('realtime'), 'ip_version', INTERNAL_DEFAULTS.realtimeIpVersion),
      max_header_length: num(t('realtime'), 'max_header_length', INTERNAL_DEFAULTS.realtimeMaxHeaderLength),
    },
    studio: { enabled: bool(t('studio'), 'enabled', true), port: num(t('studio'), 'port'), api_url: str(t('studio'), 'api_url') },
    inbucket: {
      enabled: bool(t('inbucket'), 'enabled', true),
      port: num(t('inbucket'), 'port'),
      smtp_port: num(t('inbucket'), 'smtp_port'),
      pop3_port: num(t('inbucket'), 'pop3_port'),
    },
    storage: {
      enabled: bool(t('storage'), 'enabled', true),
      file_size_limit: size(t('storage').file_size_limit),
      image_transformation: { enabled: bool(t('storage.image_transformation'), 'enabled', true) },
    },
    auth: {
      enabled: bool(auth, 'enabled', true),
      site_url: str(auth, 'site_url'),
      additional_redirect_urls: list(auth, 'additional_redirect_urls'),
      jwt_expiry: num(auth, 'jwt_expiry'),
      enable_refresh_token_rotation: bool(auth, 'enable_refresh_token_rotation', false),
      refresh_token_reuse_interval: num(auth, 'refresh_token_reuse_interval'),
      enable_signup: bool(auth, 'enable_signup', false),
      enable_manual_linking: bool(auth, 'enable_manual_linking', false),
      email: {
        enable_signup: bool(t('auth.email'), 'enable_signup', false),
        double_confirm_changes: bool(t('auth.email'), 'double_confirm_changes', false),
        enable_confirmations: bool(t('auth.email'), 'enable_confirmations', false),
        template: mapTables(t('auth.email.template'), (tpl) => ({ subject: str(tpl, 'subject'), content_path: str(tpl, 'content_path') })),
      },
      sms: {
        enable_signup: bool(sms, 'enable_signup', false),
        enable_confirmations: bool(sms, 'enable_confirmations', false),
        template: str(sms, 'template'),
        test_otp: Object.fromEntries(Object.entries(t('auth.sms.test_otp')).map(([k, v]) => [k, String(v)])),
        twilio: smsProvider(t('auth.sms.twilio')),
        twilio_verify: smsProvider(t('auth.sms.twilio_verify')),
        messagebird: smsProvider(t('auth.sms.messagebird')),
        textlocal: smsProvider(t('auth.sms.textlocal')),
        vonage: smsProvider(t('auth.sms.vonage')),
      },
      hook: {
        custom_access_token: hookOf(t('auth.hook.custom_access_token')),
        mfa_verification_attempt: hookOf(t('auth.hook.mfa_verification_attempt')),
        password_verification_attempt: hookOf(t('auth.hook.password_verification_attempt')),
      },
      external: externalProviders(t('auth.external')),
      jwt_secret: env.SUPABASE_AUTH_JWT_SECRET || INTERNAL_DEFAULTS.jwtSecret,
      anon_key: env.SUPABASE_AUTH_ANON_KEY || '',
      service_role_key: env.SUPABASE_AUTH_SERVICE_ROLE_KEY || '',
    },
    functions: mapTables(t('functions'), (fn) => ({ verify_jwt: bool(fn, 'verify_jwt', true), import_map: str(fn, 'import_map') })),
    analytics: {
      enabled: bool(t('analytics'), 'enabled', false),
      port: num(t('analytics'), 'port'),
      vector_port: num(t('analytics'), 'vector_port'),
      backend: str(t('analytics'), 'backend'),
      gcp_project_id: str(t('analytics'), 'gcp_project_id'),
      gcp_project_number: str(t('analytics'), 'gcp_project_number'),
      gcp_jwt_path: str(t('analytics'), 'gcp_jwt_path'),
      api_key: INTERNAL_DEFAULTS.analyticsApiKey,
    },
    experimental: {
      orioledb_version: str(t('experimental'), 'orioledb_version'),
      s3_host: str(t('experimental'), 's3_host'),
      s3_region: str(t('experimental'), 's3_region'),
      s3_access_key: str(t('experimental'), 's3_access_key'),
      s3_secret_key: str(t('experimental'), 's3_secret_key'),
    },
    local: { runtime: str(t('local'), 'runtime', 'auto') as RuntimeChoice, plugins: list(t('local'), 'plugins') },
    hostname: hostnameFrom(env),
    images: { db: '', rest: '', auth: '', storage: '' },
  };
}

/** 127.0.0.1, or the host of a `tcp://host:port` DOCKER_HOST (where the original
 * publishes the ports). */
export function hostnameFrom(env: NodeJS.ProcessEnv): string {
  const dockerHost = env.DOCKER_HOST ?? '';
  if (dockerHost.startsWith('tcp://')) {
    try {
      return new URL(dockerHost).hostname || '127.0.0.1';
    } catch {
      return '127.0.0.1';
    }
  }
  return '127.0.0.1';
}

function externalProviders(doc: Doc): Record<string, ExternalProviderConfig> {
  const out: Record<string, ExternalProviderConfig> = {};
  for (const name of [...EXTERNAL_PROVIDERS, ...Object.keys(doc)]) {
    const p = table(doc, name);
    out[name] = { enabled: bool(p, 'enabled', false), client_id: str(p, 'client_id'), secret: str(p, 'secret'), url: str(p, 'url'), redirect_uri: str(p, 'redirect_uri') };
  }
  return out;
}

function smsProvider(doc: Doc): SmsProviderConfig {
  const out: SmsProviderConfig = { enabled: bool(doc, 'enabled', false) };
  for (const [key, value] of Object.entries(doc)) if (key !== 'enabled' && typeof value === 'string') (out as unknown as Record<string, string>)[key] = value;
  return out;
}

function hookOf(doc: Doc): HookConfig {
  return { enabled: bool(doc, 'enabled', false), uri: str(doc, 'uri') };
}

function mapTables<T>(doc: Doc, build: (entry: Doc) => T): Record<string, T> {
  return Object.fromEntries(Object.entries(doc).filter(([, v]) => isTable(v)).map(([k, v]) => [k, build(v as Doc)]));
}

/** The sub-table at a dotted path, or an empty table. */
function table(doc: Doc, dotted: string): Doc {
  let node: unknown = doc;
  for (const part of dotted.split('.')) node = isTable(node) ? node[part] : undefined;
  return isTable(node) ? node : {};
}

function str(doc: Doc, key: string, fallback = ''): string {
  return typeof doc[key] === 'string' ? (doc[key] as string) : fallback;
}

function bool(doc: Doc, key: string, fallback: boolean): boolean {
  return typeof doc[key] === 'boolean' ? (doc[key] as boolean) : fallback;
}

function num(doc: Doc, key: string, fallback = 0): number {
  const value = doc[key];
  return typeof value === 'number' || typeof value === 'bigint' ? Number(value) : fallback;
}

function list(doc: Doc, key: string): string[] {
  return Array.isArray(doc[key]) ? (doc[key] as string[]).slice() : [];
}

function size(value: unknown): number {
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value);
  return typeof value === 'string' ? (parseSize(value) ?? 0) : 0;
}
