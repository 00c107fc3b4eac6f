-- User management starter: one public profile per auth user, the avatars bucket, and the clean-up
-- that deletes an avatar from Storage once no profile points at it any more.

-- Profiles ---------------------------------------------------------------------------------------

create table public.profiles (
  -- No "on delete cascade": the before_delete_user trigger below removes the profile first, so
  -- the profile's own delete trigger (avatar clean-up) runs while the user still exists.
  id uuid not null references auth.users primary key,
  updated_at timestamp with time zone,
  username text unique,
  full_name text,
  avatar_url text,
  website text,

  constraint username_length check (char_length(username) >= 3)
);

alter table public.profiles enable row level security;

create policy "Public profiles are viewable by everyone." on public.profiles
  for select using (true);

create policy "Users can insert their own profile." on public.profiles
  for insert with check ((select auth.uid()) = id);

create policy "Users can update own profile." on public.profiles
  for update using ((select auth.uid()) = id);

-- A new auth user gets a profile at once, filled from the metadata given at sign-up.
create function public.handle_new_user()
returns trigger
language plpgsql
security definer set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name, avatar_url)
  values (new.id, new.raw_user_meta_data ->> 'full_name', new.raw_user_meta_data ->> 'avatar_url');
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute procedure public.handle_new_user();

-- Avatars bucket ---------------------------------------------------------------------------------

insert into storage.buckets (id, name) values ('avatars', 'avatars');

create policy "Avatar images are publicly accessible." on storage.objects
  for select using (bucket_id = 'avatars');

create policy "Anyone can upload an avatar." on storage.objects
  for insert with check (bucket_id = 'avatars');

create policy "Anyone can update their own avatar." on storage.objects
  for update using ((select auth.uid()) = owner) with check (bucket_id = 'avatars');

-- Avatar clean-up --------------------------------------------------------------------------------
-- Deleting a row of storage.objects would leave the file itself behind in the object store, so an
-- old avatar is deleted through the Storage API, synchronously, with the http extension.

create extension if not exists http with schema extensions;

-- Where the Storage API is and the key it accepts, from the project's settings, never from this
-- file: a Vault secret of that name when supabase_vault is installed, else the database setting
-- app.settings.<name> (alter database postgres set app.settings.project_url = '...').
create function public.storage_api_setting(setting_name text)
returns text
language plpgsql
stable
security definer set search_path = ''
as $$
declare
  setting_value text;
begin
  if to_regclass('vault.decrypted_secrets') is not null then
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1 limit 1'
      into setting_value using setting_name;
  end if;
  return coalesce(nullif(setting_value, ''), nullif(current_setting('app.settings.' || setting_name, true), ''));
end;
$$;

-- DELETE {project_url}/storage/v1/object/{bucket}/{object} with the service-role key. Returns the
-- answer's status and body; a request that cannot be made at all is an error.
create function public.delete_storage_object(bucket text, object text, out status int, out content text)
returns record
language plpgsql
security definer set search_path = ''
as $$
declare
  project_url text := public.storage_api_setting('project_url');
  service_role_key text := public.storage_api_setting('service_role_key');
begin
  if project_url is null or service_role_key is null then
    raise exception 'project_url and service_role_key are not set'
      using hint = 'Store them as Vault secrets, or set app.settings.project_url and app.settings.service_role_key on the database.';
  end if;
  select response.status, response.content::text
    into status, content
    from extensions.http((
      'DELETE',
      rtrim(project_url, '/') || '/storage/v1/object/' || bucket || '/' || object,
      array[extensions.http_header('authorization', 'Bearer ' || service_role_key)],
      null,
      null
    )::extensions.http_request) as response;
end;
$$;

-- avatar_url normally holds the object's name; a full Storage URL (public or signed) is reduced to
-- the name, since deleting by URL would only ever answer "not found".
create function public.delete_avatar(avatar_url text, out status int, out content text)
returns record
language plpgsql
security definer set search_path = ''
as $$
begin
  select deleted.status, deleted.content
    into status, content
    from public.delete_storage_object(
      'avatars',
      regexp_replace(split_part(avatar_url, '?', 1), '^.*/storage/v1/object/(public/|sign/|authenticated/)?avatars/', '')
    ) as deleted;
end;
$$;

-- Runs before avatar_url changes or a profile is deleted. A failed deletion is reported as a
-- warning and never blocks the change: an orphaned file is cheaper than a profile stuck in place.
create function public.delete_old_avatar()
returns trigger
language plpgsql
security definer set search_path = ''
as $$
declare
  deleted record;
begin
  if coalesce(old.avatar_url, '') <> ''
    and (tg_op = 'DELETE' or old.avatar_url is distinct from new.avatar_url) then
    begin
      select * into deleted from public.delete_avatar(old.avatar_url);
      if deleted.status is distinct from 200 then
        raise warning 'Could not delete avatar: % %', deleted.status, deleted.content;
      end if;
    exception when others then
      raise warning 'Could not delete avatar: % %', sqlstate, sqlerrm;
    end;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end;
$$;

create trigger before_profile_changes
  before update of avatar_url or delete on public.profiles
  for each row execute procedure public.delete_old_avatar();

-- Deleting an auth user deletes their profile first (and with it, through the trigger above,
-- their avatar), so nothing has to be removed by hand before a user can go.
create function public.delete_old_profile()
returns trigger
language plpgsql
security definer set search_path = ''
as $$
begin
  delete from public.profiles where id = old.id;
  return old;
end;
$$;

create trigger before_delete_user
  before delete on auth.users
  for each row execute procedure public.delete_old_profile();

-- The clean-up functions act with the service-role key: only the database itself may call them,
-- not API clients (the schema's default privileges would otherwise let anon call them over RPC).
revoke execute on function public.storage_api_setting(text) from public, anon, authenticated, service_role;
revoke execute on function public.delete_storage_object(text, text) from public, anon, authenticated, service_role;
revoke execute on function public.delete_avatar(text) from public, anon, authenticated, service_role;
revoke execute on function public.delete_old_avatar() from public, anon, authenticated, service_role;
revoke execute on function public.delete_old_profile() from public, anon, authenticated, service_role;
