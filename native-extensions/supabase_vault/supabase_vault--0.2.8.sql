-- supabase_vault for the native runtime: secrets stored encrypted in vault.secrets and read in
-- clear through vault.decrypted_secrets.
--
-- The key: the platform keeps vault's root key outside the database (pgsodium's key file); here
-- each project's cluster has a random key in `supabase_vault.key` inside its data folder, written
-- by the CLI at start with mode 0600 and never part of the template, a dump or a table. It is
-- read with pg_read_file (relative paths are taken from the data folder), so no setting or
-- command line shows it; only this extension's security-definer functions may read it.
--
-- The cipher: pgcrypto's pgp_sym_encrypt (AES-256 with a random salt per value and an integrity
-- check), stored base64 in `secret`. `key_id` names the key (a uuid derived from it) so a value
-- encrypted under another project's key is recognisable; `nonce` stays empty because the OpenPGP
-- message carries its own salt. SQL-standard bodies are bound at CREATE EXTENSION, when the
-- search path holds pgcrypto's schema, so callers' search paths do not matter.
\echo Use "CREATE EXTENSION supabase_vault" to load this file. \quit

create table secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea,
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);
comment on table secrets is 'Table with encrypted `secret` column for storing sensitive information on disk.';
create unique index secrets_name_idx on secrets (name) where name is not null;

create function _project_key() returns text
language sql stable security definer
begin atomic
  select btrim(pg_read_file('supabase_vault.key'), E' \n\r\t');
end;

create function _key_id() returns uuid
language sql stable security definer
begin atomic
  select md5('supabase_vault:' || vault._project_key())::uuid;
end;

create function _encrypt(plain text) returns text
language sql volatile strict security definer
begin atomic
  select encode(pgp_sym_encrypt(plain, vault._project_key(), 'cipher-algo=aes256'), 'base64');
end;

create function _decrypt(stored text) returns text
language sql stable strict security definer
begin atomic
  select pgp_sym_decrypt(decode(stored, 'base64'), vault._project_key());
end;

revoke all on function _project_key(), _key_id(), _encrypt(text), _decrypt(text) from public;

-- Whatever writes a secret (the functions below or a plain INSERT/UPDATE, as on the platform)
-- stores it encrypted.
create function _encrypt_secret() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  new.secret := vault._encrypt(new.secret);
  new.key_id := vault._key_id();
  new.nonce := null;
  if tg_op = 'UPDATE' then
    new.updated_at := current_timestamp;
  end if;
  return new;
end;
$$;

create trigger secrets_encrypt_secret_trigger_secret
  before insert or update of secret on secrets
  for each row execute function _encrypt_secret();

create view decrypted_secrets as
  select s.id, s.name, s.description, s.secret,
         case when s.key_id = vault._key_id() then vault._decrypt(s.secret) end as decrypted_secret,
         s.key_id, s.nonce, s.created_at, s.updated_at
  from vault.secrets s;

create function create_secret(new_secret text, new_name text default null, new_description text default '', new_key_id uuid default null)
returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  created uuid;
begin
  if new_key_id is not null and new_key_id <> vault._key_id() then
    raise exception 'vault on the native runtime has one key per project (%), not %', vault._key_id(), new_key_id;
  end if;
  insert into vault.secrets (secret, name, description)
  values (new_secret, new_name, coalesce(new_description, ''))
  returning id into created;
  return created;
end;
$$;

create function update_secret(secret_id uuid, new_secret text default null, new_name text default null, new_description text default null, new_key_id uuid default null)
returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if new_key_id is not null and new_key_id <> vault._key_id() then
    raise exception 'vault on the native runtime has one key per project (%), not %', vault._key_id(), new_key_id;
  end if;
  update vault.secrets
  set name = coalesce(new_name, name),
      description = coalesce(new_description, description),
      updated_at = current_timestamp
  where id = secret_id;
  if new_secret is not null then
    update vault.secrets set secret = new_secret where id = secret_id;
  end if;
end;
$$;

revoke all on secrets, decrypted_secrets from public;
revoke all on function create_secret(text, text, text, uuid), update_secret(uuid, text, text, text, uuid) from public;
