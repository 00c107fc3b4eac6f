/**
 * The shape of a loaded project config. Keys keep the TOML spelling (snake_case), so a value can
 * be traced straight back to its line in supabase/config.toml and written out again unchanged.
 */

/** How the local stack runs: chosen by `[local] runtime` or SUPABASE_RUNTIME (see runtime-choice.ts). */
export type RuntimeChoice = 'auto' | 'native' | 'docker';

export interface ApiConfig {
  enabled: boolean;
  port: number;
  schemas: string[];
  extra_search_path: string[];
  max_rows: number;
}

export interface PoolerConfig {
  enabled: boolean;
  port: number;
  pool_mode: string;
  default_pool_size: number;
  max_client_conn: number;
  /** From supabase/.temp/pooler-url, not from the TOML. */
  connection_string: string;
}

export interface DbConfig {
  port: number;
  shadow_port: number;
  major_version: number;
  pooler: PoolerConfig;
  /** Not a TOML key: always `postgres` locally. */
  password: string;
  /** Not a TOML key: SUPABASE_DB_ROOT_KEY, else the original's default pgsodium key. */
  root_key: string;
}

export interface RealtimeConfig {
  enabled: boolean;
  ip_version: string;
  max_header_length: number;
}

export interface StudioConfig {
  enabled: boolean;
  port: number;
  api_url: string;
}

export interface InbucketConfig {
  enabled: boolean;
  port: number;
  smtp_port: number;
  pop3_port: number;
}

export interface StorageConfig {
  enabled: boolean;
  /** Bytes, parsed from a human size such as "50MiB". */
  file_size_limit: number;
  /** `[storage.image_transformation] enabled`: whether `/render/image` transforms images. */
  image_transformation: { enabled: boolean };
}

export interface EmailTemplateConfig {
  subject: string;
  content_path: string;
}

export interface EmailConfig {
  enable_signup: boolean;
  double_confirm_changes: boolean;
  enable_confirmations: boolean;
  template: Record<string, EmailTemplateConfig>;
}

/** Every SMS provider table; each provider uses its own subset of the fields. */
export interface SmsProviderConfig {
  enabled: boolean;
  account_sid?: string;
  message_service_sid?: string;
  auth_token?: string;
  originator?: string;
  access_key?: string;
  sender?: string;
  api_key?: string;
  from?: string;
  api_secret?: string;
}

export interface SmsConfig {
  enable_signup: boolean;
  enable_confirmations: boolean;
  template: string;
  test_otp: Record<string, string>;
  twilio: SmsProviderConfig;
  twilio_verify: SmsProviderConfig;
  messagebird: SmsProviderConfig;
  textlocal: SmsProviderConfig;
  vonage: SmsProviderConfig;
}

export interface HookConfig {
  enabled: boolean;
  uri: string;
}

export interface ExternalProviderConfig {
  enabled: boolean;
  client_id: string;
  secret: string;
  url: string;
  redirect_uri: string;
}

export interface AuthConfig {
  enabled: boolean;
  site_url: string;
  additional_redirect_urls: string[];
  jwt_expiry: number;
  enable_refresh_token_rotation: boolean;
  refresh_token_reuse_interval: number;
  enable_signup: boolean;
  enable_manual_linking: boolean;
  email: EmailConfig;
  sms: SmsConfig;
  hook: {
    custom_access_token: HookConfig;
    mfa_verification_attempt: HookConfig;
    password_verification_attempt: HookConfig;
  };
  external: Record<string, ExternalProviderConfig>;
  /** Not TOML keys: SUPABASE_AUTH_JWT_SECRET etc. (also from .env), else the defaults. */
  jwt_secret: string;
  anon_key: string;
  service_role_key: string;
}

export interface FunctionConfig {
  verify_jwt: boolean;
  import_map: string;
}

export interface AnalyticsConfig {
  enabled: boolean;
  port: number;
  vector_port: number;
  backend: string;
  gcp_project_id: string;
  gcp_project_number: string;
  gcp_jwt_path: string;
  /** Not a TOML key. */
  api_key: string;
}

export interface ExperimentalConfig {
  orioledb_version: string;
  s3_host: string;
  s3_region: string;
  s3_access_key: string;
  s3_secret_key: string;
}

/** Our own table, ignored by the original (which only warns about it). */
export interface LocalConfig {
  runtime: RuntimeChoice;
  /** Project plugin modules (paths relative to the project root) that add steps to the stack. */
  plugins: string[];
}

/** Image tags the docker runtime would use, after the .temp version-file overrides (the linked project's
 * versions, which the original prefers over its pins). */
export interface ImageConfig {
  db: string;
  rest: string;
  auth: string;
  storage: string;
}

export interface ProjectConfig {
  project_id: string;
  api: ApiConfig;
  db: DbConfig;
  realtime: RealtimeConfig;
  studio: StudioConfig;
  inbucket: InbucketConfig;
  storage: StorageConfig;
  auth: AuthConfig;
  functions: Record<string, FunctionConfig>;
  analytics: AnalyticsConfig;
  experimental: ExperimentalConfig;
  local: LocalConfig;
  /** Host used in local URLs: 127.0.0.1, or the host of a tcp:// DOCKER_HOST. */
  hostname: string;
  images: ImageConfig;
}
