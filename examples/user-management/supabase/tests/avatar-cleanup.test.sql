-- The avatar lifecycle against a Storage API, found as the database finds it: project_url and
-- service_role_key (Vault secrets or app.settings.*, see README.md). Right after `supabase start`
-- neither is set, so this file sets them for its own transaction: the local stack's API as the
-- database reaches it (the docker runtime's gateway by its network alias, else the default API
-- port on this machine) and a service_role key signed with the database's own JWT secret. Where
-- no Storage API answers (a stack without Storage, or its API on another port), the assertions that need one are
-- skipped, saying so. The repository's e2e test sets app.settings.* to its native stack's API first.
begin;
select plan(19);

-- The key is signed here, in the transaction; its rollback drops the extension again.
create extension if not exists pgjwt with schema extensions;

do $$
declare
  candidate text;
begin
  if public.storage_api_setting('service_role_key') is null then
    perform set_config('app.settings.service_role_key', extensions.sign(
      json_build_object('iss', 'supabase-demo', 'role', 'service_role', 'exp', 1983812996),
      current_setting('app.settings.jwt_secret')
    ), true);
  end if;
  if public.storage_api_setting('project_url') is null then
    foreach candidate in array array['http://kong:8000', 'http://127.0.0.1:54321'] loop
      perform set_config('app.settings.project_url', candidate, true);
      begin
        perform extensions.http_get(candidate);
        exit;
      exception when others then
        null; -- Nothing answers there; the last candidate stays, for the skip line to name.
      end;
    end loop;
  end if;
end $$;

-- Requests to the Storage API, as the database itself sends them. pg_temp keeps them out of
-- the project's schema; the transaction's rollback drops them.
create function pg_temp.storage_request(method text, object_path text, body text default null)
returns extensions.http_response
language sql
as $$
  select extensions.http((
    method,
    rtrim(public.storage_api_setting('project_url'), '/') || '/storage/v1/object/' || object_path,
    array[extensions.http_header('authorization', 'Bearer ' || public.storage_api_setting('service_role_key'))],
    case when body is null then null else 'image/png' end,
    body
  )::extensions.http_request)
$$;

-- Whether the Storage API still holds avatars/<name>.
create function pg_temp.avatar_stored(name text) returns boolean language sql as $$
  select (pg_temp.storage_request('GET', 'avatars/' || name)).status = 200
$$;

-- Whether a Storage API answers at project_url at all (any status: it is there).
create function pg_temp.storage_answers() returns boolean language plpgsql as $$
begin
  perform pg_temp.storage_request('GET', 'avatars/');
  return true;
exception when others then
  return false;
end $$;

-- The assertions that need a Storage API, or one skip line for all of them.
create function pg_temp.avatar_lifecycle() returns setof text language plpgsql as $suite$
declare
  saved_url text := current_setting('app.settings.project_url', true);
begin
  if not pg_temp.storage_answers() then
    return next skip('no Storage API answers at ' || public.storage_api_setting('project_url') || ' (see README.md)', 18);
    return;
  end if;

  return next is((pg_temp.storage_request('POST', 'avatars/first.png', 'first')).status, 200, 'the Storage API accepts an upload');
  return next ok(pg_temp.avatar_stored('first.png'), 'the uploaded avatar is stored');

  -- delete_storage_object answers with the Storage API's status and body.
  return next is(
    (select status from public.delete_storage_object('avatars', 'first.png')),
    200,
    'delete_storage_object deletes an object (status 200)'
  );
  return next ok(not pg_temp.avatar_stored('first.png'), 'the deleted object is gone from the Storage API');

  -- storage-api v0.46 answers a missing object with HTTP 400 and "statusCode": "404" in its body;
  -- later versions answer 404: either is a non-200 status with the not_found error.
  return next results_eq(
    $$select status in (400, 404), content::jsonb ->> 'error' from public.delete_storage_object('avatars', 'never-uploaded.png')$$,
    $$values (true, 'not_found')$$,
    'deleting a missing object gives the Storage API''s non-200 status and content'
  );

  -- A user whose sign-up metadata names an avatar already uploaded.
  perform pg_temp.storage_request('POST', 'avatars/signup.png', 'signup');
  insert into auth.users (id, email, raw_user_meta_data) values
    ('11111111-1111-1111-1111-111111111111', 'owner@example.com', '{"full_name": "Olive Owner", "avatar_url": "signup.png"}');
  return next is(
    (select avatar_url from public.profiles where id = '11111111-1111-1111-1111-111111111111'),
    'signup.png',
    'the new profile takes avatar_url from the metadata'
  );

  -- Changing avatar_url deletes the old object and keeps the new one.
  perform pg_temp.storage_request('POST', 'avatars/second.png', 'second');
  update public.profiles set avatar_url = 'second.png' where id = '11111111-1111-1111-1111-111111111111';
  return next ok(not pg_temp.avatar_stored('signup.png'), 'changing avatar_url deletes the old avatar');
  return next ok(pg_temp.avatar_stored('second.png'), 'changing avatar_url keeps the new avatar');

  -- Saving the profile without changing avatar_url deletes nothing.
  update public.profiles set avatar_url = 'second.png', website = 'https://olive.example'
    where id = '11111111-1111-1111-1111-111111111111';
  return next ok(pg_temp.avatar_stored('second.png'), 'an update that keeps avatar_url deletes nothing');

  -- A full public URL in avatar_url is reduced to the object's name.
  update public.profiles
    set avatar_url = public.storage_api_setting('project_url') || '/storage/v1/object/public/avatars/second.png'
    where id = '11111111-1111-1111-1111-111111111111';
  perform pg_temp.storage_request('POST', 'avatars/third.png', 'third');
  update public.profiles set avatar_url = 'third.png' where id = '11111111-1111-1111-1111-111111111111';
  return next ok(not pg_temp.avatar_stored('second.png'), 'an avatar_url holding a full Storage URL is deleted by its name');

  -- A non-200 answer (the old object is already gone) warns and never blocks the change.
  perform pg_temp.storage_request('DELETE', 'avatars/third.png');
  return next lives_ok(
    $$update public.profiles set avatar_url = 'fourth.png' where id = '11111111-1111-1111-1111-111111111111'$$,
    'a failed avatar deletion does not block the update'
  );
  return next is(
    (select avatar_url from public.profiles where id = '11111111-1111-1111-1111-111111111111'),
    'fourth.png',
    'the update went through although the Storage API found no object to delete'
  );

  -- A Storage API that cannot be reached at all does not block the change either.
  perform set_config('app.settings.project_url', 'http://127.0.0.1:1', true);
  return next lives_ok(
    $$update public.profiles set avatar_url = null where id = '11111111-1111-1111-1111-111111111111'$$,
    'an unreachable Storage API does not block the update'
  );
  perform set_config('app.settings.project_url', saved_url, true);

  -- A Vault secret wins over the database setting: with the setting pointing nowhere, the
  -- secret's URL still reaches the Storage API. (Vault comes with the platform and both runtimes.)
  return next lives_ok(
    $$select vault.create_secret(public.storage_api_setting('project_url'), 'project_url')$$,
    'project_url can be stored as a Vault secret'
  );
  perform set_config('app.settings.project_url', 'http://127.0.0.1:1', true);
  perform pg_temp.storage_request('POST', 'avatars/vault.png', 'vault');
  return next is(
    (select status from public.delete_storage_object('avatars', 'vault.png')),
    200,
    'the Vault secret project_url is used before app.settings.project_url'
  );
  delete from vault.secrets where name = 'project_url';
  perform set_config('app.settings.project_url', saved_url, true);

  -- Deleting the profile deletes its avatar.
  perform pg_temp.storage_request('POST', 'avatars/fifth.png', 'fifth');
  update public.profiles set avatar_url = 'fifth.png' where id = '11111111-1111-1111-1111-111111111111';
  delete from public.profiles where id = '11111111-1111-1111-1111-111111111111';
  return next ok(not pg_temp.avatar_stored('fifth.png'), 'deleting a profile deletes its avatar');

  -- Deleting the auth user deletes the profile first, and with it the avatar.
  perform pg_temp.storage_request('POST', 'avatars/sixth.png', 'sixth');
  insert into auth.users (id, email, raw_user_meta_data) values
    ('22222222-2222-2222-2222-222222222222', 'leaving@example.com', '{"avatar_url": "sixth.png"}');
  return next lives_ok(
    $$delete from auth.users where id = '22222222-2222-2222-2222-222222222222'$$,
    'a user with a profile and an avatar can be deleted'
  );
  return next ok(not pg_temp.avatar_stored('sixth.png'), 'deleting the auth user deletes their avatar');
end
$suite$;

select isnt(public.storage_api_setting('project_url'), null, 'project_url is set');
select * from pg_temp.avatar_lifecycle();

select * from finish();
rollback;
