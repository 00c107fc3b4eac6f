-- service schema: auth
-- The auth schema as the auth server (GoTrue v2.132.3, the version CLI 1.145.4 runs) leaves it
-- on top of the Postgres image's starting point: its 15 tables, 4 enums, indexes, constraint
-- names, comments, grants and owners, and the JWT helpers used in RLS policies.
-- Facts: shared/reference/service-schemas.md section 2. No auth server runs on the native
-- runtime; these are its tables, not a stand-in, and the version rows below let a real GoTrue
-- pointed at this database find nothing left to migrate.

create schema if not exists auth authorization supabase_admin;
grant usage on schema auth to anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin, dashboard_user, postgres;
alter role supabase_auth_admin set idle_in_transaction_session_timeout = 60000;

-- Everything below is created by the auth server's own role, so it owns it, and (through these
-- default privileges) postgres and the dashboard can use it.
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on functions to postgres, dashboard_user;

set role supabase_auth_admin;

create type auth.factor_type as enum ('totp', 'webauthn');
create type auth.factor_status as enum ('unverified', 'verified');
create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
create type auth.code_challenge_method as enum ('s256', 'plain');

create table auth.users (
  instance_id uuid,
  id uuid not null,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  -- The column was varchar before it became text; its defaults kept the old type's cast.
  phone text default null::varchar,
  phone_confirmed_at timestamptz,
  phone_change text default ''::varchar,
  phone_change_token varchar(255) default ''::varchar,
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default ''::varchar,
  email_change_confirm_status smallint default 0,
  banned_until timestamptz,
  reauthentication_token varchar(255) default ''::varchar,
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  constraint users_pkey primary key (id),
  constraint users_phone_key unique (phone),
  constraint users_email_change_confirm_status_check check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2)
);
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';
comment on column auth.users.is_sso_user is 'Auth: Set this column to true when the account comes from SSO. These accounts can have duplicate emails.';
create index users_instance_id_idx on auth.users (instance_id);
create index users_instance_id_email_idx on auth.users (instance_id, lower(email::text));
create unique index users_email_partial_key on auth.users (email) where is_sso_user = false;
comment on index auth.users_email_partial_key is 'Auth: A partial unique index that applies only when is_sso_user is false';
-- Tokens are unique while set; the all-digits (or empty) placeholder values are exempt.
create unique index confirmation_token_idx on auth.users (confirmation_token) where confirmation_token::text !~ '^[0-9 ]*$';
create unique index recovery_token_idx on auth.users (recovery_token) where recovery_token::text !~ '^[0-9 ]*$';
create unique index email_change_token_current_idx on auth.users (email_change_token_current) where email_change_token_current::text !~ '^[0-9 ]*$';
create unique index email_change_token_new_idx on auth.users (email_change_token_new) where email_change_token_new::text !~ '^[0-9 ]*$';
create unique index reauthentication_token_idx on auth.users (reauthentication_token) where reauthentication_token::text !~ '^[0-9 ]*$';

create table auth.instances (
  id uuid not null,
  uuid uuid,
  raw_base_config text,
  created_at timestamptz,
  updated_at timestamptz,
  constraint instances_pkey primary key (id)
);
comment on table auth.instances is 'Auth: Manages users across multiple sites.';

create table auth.audit_log_entries (
  instance_id uuid,
  id uuid not null,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''::varchar,
  constraint audit_log_entries_pkey primary key (id)
);
comment on table auth.audit_log_entries is 'Auth: Audit trail for user actions.';
create index audit_logs_instance_id_idx on auth.audit_log_entries (instance_id);

create table auth.schema_migrations (
  version varchar(255) not null,
  constraint schema_migrations_pkey primary key (version)
);
comment on table auth.schema_migrations is 'Auth: Manages updates to the auth system.';

create table auth.identities (
  provider_id text not null,
  user_id uuid not null,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid(),
  constraint identities_pkey primary key (id),
  constraint identities_provider_id_provider_unique unique (provider_id, provider),
  constraint identities_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);
comment on table auth.identities is 'Auth: Stores identities associated to a user.';
comment on column auth.identities.email is 'Auth: Email is a generated column that references the optional email property in the identity_data';
create index identities_user_id_idx on auth.identities (user_id);
create index identities_email_idx on auth.identities (email text_pattern_ops);
comment on index auth.identities_email_idx is 'Auth: Ensures indexed queries on the email column';

create table auth.sessions (
  id uuid not null,
  user_id uuid not null,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text,
  constraint sessions_pkey primary key (id),
  constraint sessions_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);
comment on table auth.sessions is 'Auth: Stores session data associated to a user.';
comment on column auth.sessions.not_after is 'Auth: Not after is a nullable column that contains a timestamp after which the session should be regarded as expired.';
create index user_id_created_at_idx on auth.sessions (user_id, created_at);
create index sessions_user_id_idx on auth.sessions (user_id);
create index sessions_not_after_idx on auth.sessions (not_after desc);

create table auth.refresh_tokens (
  instance_id uuid,
  id bigserial not null,
  token varchar(255),
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid,
  constraint refresh_tokens_pkey primary key (id),
  constraint refresh_tokens_token_unique unique (token),
  constraint refresh_tokens_session_id_fkey foreign key (session_id) references auth.sessions (id) on delete cascade
);
comment on table auth.refresh_tokens is 'Auth: Store of tokens used to refresh JWT tokens once they expire.';
create index refresh_tokens_instance_id_idx on auth.refresh_tokens (instance_id);
create index refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

create table auth.mfa_factors (
  id uuid not null,
  user_id uuid not null,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  constraint mfa_factors_pkey primary key (id),
  constraint mfa_factors_user_id_fkey foreign key (user_id) references auth.users (id) on delete cascade
);
comment on table auth.mfa_factors is 'auth: stores metadata about factors';
create unique index mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table auth.mfa_challenges (
  id uuid not null,
  factor_id uuid not null,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet not null,
  constraint mfa_challenges_pkey primary key (id),
  constraint mfa_challenges_auth_factor_id_fkey foreign key (factor_id) references auth.mfa_factors (id) on delete cascade
);
comment on table auth.mfa_challenges is 'auth: stores metadata about challenge requests made';
create index mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table auth.mfa_amr_claims (
  session_id uuid not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null,
  constraint amr_id_pk primary key (id),
  -- A unique constraint, whatever its name says.
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method),
  constraint mfa_amr_claims_session_id_fkey foreign key (session_id) references auth.sessions (id) on delete cascade
);
comment on table auth.mfa_amr_claims is 'auth: stores authenticator method reference claims for multi factor authentication';

create table auth.sso_providers (
  id uuid not null,
  resource_id text,
  created_at timestamptz,
  updated_at timestamptz,
  constraint sso_providers_pkey primary key (id),
  -- `= null` is never true: empty strings are refused and NULL passes (the check yields NULL).
  constraint "resource_id not empty" check (resource_id = null or char_length(resource_id) > 0)
);
comment on table auth.sso_providers is 'Auth: Manages SSO identity provider information; see saml_providers for SAML.';
comment on column auth.sso_providers.resource_id is 'Auth: Uniquely identifies a SSO provider according to a user-chosen resource ID (case insensitive), useful in infrastructure as code.';
create unique index sso_providers_resource_id_idx on auth.sso_providers (lower(resource_id));

create table auth.sso_domains (
  id uuid not null,
  sso_provider_id uuid not null,
  domain text not null,
  created_at timestamptz,
  updated_at timestamptz,
  constraint sso_domains_pkey primary key (id),
  constraint sso_domains_sso_provider_id_fkey foreign key (sso_provider_id) references auth.sso_providers (id) on delete cascade,
  constraint "domain not empty" check (char_length(domain) > 0)
);
comment on table auth.sso_domains is 'Auth: Manages SSO email address domain mapping to an SSO Identity Provider.';
create index sso_domains_sso_provider_id_idx on auth.sso_domains (sso_provider_id);
create unique index sso_domains_domain_idx on auth.sso_domains (lower(domain));

create table auth.saml_providers (
  id uuid not null,
  sso_provider_id uuid not null,
  entity_id text not null,
  metadata_xml text not null,
  metadata_url text,
  attribute_mapping jsonb,
  created_at timestamptz,
  updated_at timestamptz,
  constraint saml_providers_pkey primary key (id),
  constraint saml_providers_entity_id_key unique (entity_id),
  constraint saml_providers_sso_provider_id_fkey foreign key (sso_provider_id) references auth.sso_providers (id) on delete cascade,
  constraint "entity_id not empty" check (char_length(entity_id) > 0),
  constraint "metadata_xml not empty" check (char_length(metadata_xml) > 0),
  constraint "metadata_url not empty" check (metadata_url = null or char_length(metadata_url) > 0)
);
comment on table auth.saml_providers is 'Auth: Manages SAML Identity Provider connections.';
create index saml_providers_sso_provider_id_idx on auth.saml_providers (sso_provider_id);

create table auth.flow_state (
  id uuid not null,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  constraint flow_state_pkey primary key (id)
);
comment on table auth.flow_state is 'stores metadata for pkce logins';
create index idx_auth_code on auth.flow_state (auth_code);
create index idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index flow_state_created_at_idx on auth.flow_state (created_at desc);

create table auth.saml_relay_states (
  id uuid not null,
  sso_provider_id uuid not null,
  request_id text not null,
  for_email text,
  redirect_to text,
  from_ip_address inet,
  created_at timestamptz,
  updated_at timestamptz,
  flow_state_id uuid default null,
  constraint saml_relay_states_pkey primary key (id),
  constraint saml_relay_states_sso_provider_id_fkey foreign key (sso_provider_id) references auth.sso_providers (id) on delete cascade,
  constraint saml_relay_states_flow_state_id_fkey foreign key (flow_state_id) references auth.flow_state (id) on delete cascade,
  constraint "request_id not empty" check (char_length(request_id) > 0)
);
comment on table auth.saml_relay_states is 'Auth: Contains SAML Relay State information for each Service Provider initiated login.';
create index saml_relay_states_sso_provider_id_idx on auth.saml_relay_states (sso_provider_id);
create index saml_relay_states_for_email_idx on auth.saml_relay_states (for_email);
create index saml_relay_states_created_at_idx on auth.saml_relay_states (created_at desc);

-- Claims of the request's JWT, as PostgREST sets them: the per-claim settings of older
-- PostgREST versions first, then the JSON object of newer ones.
create function auth.uid() returns uuid language sql stable as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$fn$;
comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';

create function auth.role() returns text language sql stable as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$fn$;
comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';

create function auth.email() returns text language sql stable as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$fn$;
comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';

create function auth.jwt() returns jsonb language sql stable as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$fn$;

-- The image's seven legacy versions, then one row per GoTrue migration file up to v2.132.3.
insert into auth.schema_migrations (version)
select unnest(array[
  '20171026211738', '20171026211808', '20171026211834', '20180103212743', '20180108183307',
  '20180119214651', '20180125194653', '00', '20210710035447', '20210722035447', '20210730183235',
  '20210909172000', '20210927181326', '20211122151130', '20211124214934', '20211202183645',
  '20220114185221', '20220114185340', '20220224000811', '20220323170000', '20220429102000',
  '20220531120530', '20220614074223', '20220811173540', '20221003041349', '20221003041400',
  '20221011041400', '20221020193600', '20221021073300', '20221021082433', '20221027105023',
  '20221114143122', '20221114143410', '20221125140132', '20221208132122', '20221215195500',
  '20221215195800', '20221215195900', '20230116124310', '20230116124412', '20230131181311',
  '20230322519590', '20230402418590', '20230411005111', '20230508135423', '20230523124323',
  '20230818113222', '20230914180801', '20231027141322', '20231114161723', '20231117164230'
]);

reset role;

-- The image created uid/role/email as postgres before the default privileges above existed:
-- their only explicit grant is the dashboard's (callers use PUBLIC's EXECUTE).
revoke execute on function auth.uid(), auth.role(), auth.email() from postgres;
