/**
 * Every key supabase/config.toml may hold, with its value type: the template's keys, the extra
 * keys the original's loader accepts, and our own `[local]` table. The validator walks
 * a parsed file against this tree; keys outside it are reported as unknown, like the original does.
 */

/** Value kinds. `uint` and `port` are non-negative integers; `size` is "50MiB" or a byte count. */
export type LeafType = 'string' | 'bool' | 'uint' | 'port' | 'string[]' | 'size' | 'runtime' | 'string-map';

/** A table: fixed keys, or `'*'` for a table whose keys are names chosen by the user. */
export interface SchemaTable {
  [key: string]: LeafType | SchemaTable;
}

/** Marks a table keyed by user-chosen names (providers, function slugs, template ids). */
export const ANY_KEY = '*';

const hook: SchemaTable = { enabled: 'bool', uri: 'string' };
const twilio: SchemaTable = { enabled: 'bool', account_sid: 'string', message_service_sid: 'string', auth_token: 'string' };

/** The accepted keys of config.toml and their value types. */
export const CONFIG_SCHEMA: SchemaTable = {
  project_id: 'string',
  api: { enabled: 'bool', port: 'port', schemas: 'string[]', extra_search_path: 'string[]', max_rows: 'uint' },
  db: {
    port: 'port',
    shadow_port: 'port',
    major_version: 'uint',
    pooler: { enabled: 'bool', port: 'port', pool_mode: 'string', default_pool_size: 'uint', max_client_conn: 'uint' },
  },
  realtime: { enabled: 'bool', ip_version: 'string', max_header_length: 'uint' },
  studio: { enabled: 'bool', port: 'port', api_url: 'string' },
  inbucket: { enabled: 'bool', port: 'port', smtp_port: 'port', pop3_port: 'port' },
  storage: { enabled: 'bool', file_size_limit: 'size', image_transformation: { enabled: 'bool' } },
  auth: {
    enabled: 'bool',
    site_url: 'string',
    additional_redirect_urls: 'string[]',
    jwt_expiry: 'uint',
    enable_refresh_token_rotation: 'bool',
    refresh_token_reuse_interval: 'uint',
    enable_signup: 'bool',
    enable_manual_linking: 'bool',
    email: {
      enable_signup: 'bool',
      double_confirm_changes: 'bool',
      enable_confirmations: 'bool',
      template: { [ANY_KEY]: { subject: 'string', content_path: 'string' } },
    },
    sms: {
      enable_signup: 'bool',
      enable_confirmations: 'bool',
      template: 'string',
      test_otp: 'string-map',
      twilio,
      twilio_verify: twilio,
      messagebird: { enabled: 'bool', originator: 'string', access_key: 'string' },
      textlocal: { enabled: 'bool', sender: 'string', api_key: 'string' },
      vonage: { enabled: 'bool', from: 'string', api_key: 'string', api_secret: 'string' },
    },
    hook: {
      custom_access_token: hook,
      mfa_verification_attempt: hook,
      password_verification_attempt: hook,
    },
    external: {
      [ANY_KEY]: { enabled: 'bool', client_id: 'string', secret: 'string', url: 'string', redirect_uri: 'string' },
    },
  },
  functions: { [ANY_KEY]: { verify_jwt: 'bool', import_map: 'string' } },
  analytics: {
    enabled: 'bool',
    port: 'port',
    vector_port: 'port',
    backend: 'string',
    gcp_project_id: 'string',
    gcp_project_number: 'string',
    gcp_jwt_path: 'string',
  },
  experimental: {
    orioledb_version: 'string',
    s3_host: 'string',
    s3_region: 'string',
    s3_access_key: 'string',
    s3_secret_key: 'string',
  },
  local: { runtime: 'runtime', plugins: 'string[]' },
};

/** The OAuth providers the original validates and passes to the auth server (one
 * `[auth.external.<name>]` table each). */
export const EXTERNAL_PROVIDERS = [
  'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'github', 'gitlab', 'google', 'keycloak',
  'linkedin', 'linkedin_oidc', 'notion', 'twitch', 'twitter', 'slack', 'spotify', 'workos', 'zoom',
] as const;
