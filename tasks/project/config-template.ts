/**
 * The config.toml that `init` writes. Sections, keys, defaults and the commented-out examples
 * follow the original at v1.145.4 so that files move freely between the two tools;
 * the comments are our own words. The loader decodes this same template (with an empty project
 * id) as its defaults, as the original does, so template and defaults cannot drift apart.
 */

/** Values substituted into the template. */
export interface ConfigTemplateParams {
  /** Written as `project_id`; empty when the template is decoded for defaults. */
  projectId: string;
  /** `experimental.orioledb_version`: `15.1.0.150` with `--use-orioledb`, else empty. */
  orioledbVersion: string;
}

/** The OrioleDB image version `init --use-orioledb` writes, the original's pin. */
export const ORIOLEDB_VERSION = '15.1.0.150';

/** Renders supabase/config.toml. Values are TOML basic strings, so quotes and backslashes are escaped. */
export function renderConfigTemplate(params: ConfigTemplateParams): string {
  return TEMPLATE.replace('{{PROJECT_ID}}', tomlString(params.projectId)).replace(
    '{{ORIOLEDB_VERSION}}',
    tomlString(params.orioledbVersion),
  );
}

function tomlString(value: string): string {
  return JSON.stringify(value);
}

const TEMPLATE = `# Settings for the local development stack that \`supabase start\` runs. Reference:
# https://supabase.com/docs/guides/cli/config
# Names this project among others on the same machine; container names and local data are
# keyed by it. \`supabase init\` uses the folder name.
project_id = {{PROJECT_ID}}

[api]
enabled = true
# Host port of the API gateway.
port = 54321
# Schemas the REST API serves. public and storage are always served.
schemas = ["public", "storage", "graphql_public"]
# Schemas added to every API request's search_path. public is always added.
extra_search_path = ["public", "extensions"]
# Upper bound on the rows one request returns from a table, view or function, so a careless
# query cannot return the whole table.
max_rows = 1000

[db]
# Host port of the local database.
port = 54322
# Host port of the throw-away database that \`db diff\` builds from your migrations.
shadow_port = 54320
# Major version of Postgres. Keep it equal to the hosted project's; \`SHOW server_version;\` there
# tells you which it is.
major_version = 15

[db.pooler]
enabled = false
# Host port of the local connection pooler.
port = 54329
# How long a client keeps a server connection: \`transaction\` or \`session\`.
pool_mode = "transaction"
# Server connections per user and database pair.
default_pool_size = 20
# Client connections accepted at once.
max_client_conn = 100

[realtime]
enabled = true
# Address family the Realtime server listens on: "IPv6" (the default) or "IPv4".
# ip_version = "IPv6"
# Longest HTTP request header, in bytes, the Realtime server accepts.
# max_header_length = 4096

[studio]
enabled = true
# Host port of Studio, the web dashboard.
port = 54323
# Address of the API as the browser running Studio reaches it.
api_url = "http://127.0.0.1"

# A mail catcher: local auth emails are never delivered, they land in its web inbox instead.
[inbucket]
enabled = true
# Host port of the inbox web page.
port = 54324
# Publish these as well to let your own code send or read mail through the catcher.
# smtp_port = 54325
# pop3_port = 54326

[storage]
enabled = true
# Largest file an upload may have, written as a size such as "5MB" or "500KB".
file_size_limit = "50MiB"

[auth]
enabled = true
# Your app's address: the default redirect target and the base of links inside auth emails.
site_url = "http://127.0.0.1:3000"
# Further URLs, matched exactly, that sign-in flows may redirect to.
additional_redirect_urls = ["https://127.0.0.1:3000"]
# Lifetime of an access token in seconds: 3600 (one hour) by default, at most 604800 (a week).
jwt_expiry = 3600
# When off, refresh tokens never expire.
enable_refresh_token_rotation = true
# Seconds during which a refresh token that was already used is accepted once more.
# Only applies with enable_refresh_token_rotation = true.
refresh_token_reuse_interval = 10
# Whether new users may sign up at all.
enable_signup = true
# Whether a signed-in user may link another identity to their account by hand.
enable_manual_linking = false

[auth.email]
# Whether new users may sign up with an email address.
enable_signup = true
# When on, an email change must be confirmed from both the old and the new address; when off,
# only the new address confirms.
double_confirm_changes = true
# When on, users confirm their email address before they can sign in.
enable_confirmations = false

# To replace an email's text, uncomment and point at your own file:
# [auth.email.template.invite]
# subject = "You have been invited"
# content_path = "./supabase/templates/invite.html"

[auth.sms]
# Whether new users may sign up with a phone number.
enable_signup = true
# When on, users confirm their phone number before they can sign in.
enable_confirmations = false
# The text message that carries the one-time code.
template = "Your code is {{ .Code }} ."

# Fixed one-time codes for chosen phone numbers, handy in tests:
# [auth.sms.test_otp]
# 4152127777 = "123456"

# A Postgres function that edits access tokens before they are issued:
# [auth.hook.custom_access_token]
# enabled = true
# uri = "pg-functions://<database>/<schema>/<hook_name>"

# SMS gateway. Choose one of \`twilio\`, \`twilio_verify\`, \`messagebird\`, \`textlocal\`, \`vonage\`.
[auth.sms.twilio]
enabled = false
account_sid = ""
message_service_sid = ""
# Keep the auth token out of git: this reads it from an environment variable.
auth_token = "env(SUPABASE_AUTH_SMS_TWILIO_AUTH_TOKEN)"

# Sign-in through an OAuth provider. Supported: \`apple\`, \`azure\`, \`bitbucket\`, \`discord\`,
# \`facebook\`, \`github\`, \`gitlab\`, \`google\`, \`keycloak\`, \`linkedin\`, \`linkedin_oidc\`, \`notion\`,
# \`twitch\`, \`twitter\`, \`slack\`, \`spotify\`, \`workos\`, \`zoom\`.
[auth.external.apple]
enabled = false
client_id = ""
# Keep the provider secret out of git: this reads it from an environment variable.
secret = "env(SUPABASE_AUTH_EXTERNAL_APPLE_SECRET)"
# Replaces the default callback address.
redirect_uri = ""
# Replaces the provider's default address, for self-hosted GitLab, single-tenant Azure or any
# other OpenID Connect provider.
url = ""

[analytics]
enabled = false
# Host port of the log server.
port = 54327
# Host port where the log collector receives container logs.
vector_port = 54328
# Where logs are stored: \`postgres\` or \`bigquery\`.
backend = "postgres"

# Settings for features that may change or go away.
[experimental]
# Runs the database with the OrioleDB storage engine (set by \`supabase init --use-orioledb\`).
orioledb_version = {{ORIOLEDB_VERSION}}
# S3 bucket that OrioleDB keeps its data in.
s3_host = "env(S3_HOST)"
# Region of that bucket.
s3_region = "env(S3_REGION)"
# Access key for the bucket.
s3_access_key = "env(S3_ACCESS_KEY)"
# Secret key for the bucket.
s3_secret_key = "env(S3_SECRET_KEY)"
`;
