-- The avatar lifecycle against a Storage API: project_url and service_role_key (Vault secrets or
-- app.settings.*) must point at one; this file adds a Vault secret of its own only for a moment. The repository's test suite starts a local stand-in and sets
-- app.settings.project_url and app.settings.service_role_key on the database before this runs.
begin;
select plan(19);

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

select isnt(public.storage_api_setting('project_url'), null, 'project_url is set');

select is((pg_temp.storage_request('POST', 'avatars/first.png', 'first')).status, 200, 'the Storage API accepts an upload');
select ok(pg_temp.avatar_stored('first.png'), 'the uploaded avatar is stored');

-- delete_storage_object answers with the Storage API's status and body.
select is(
  (select status from public.delete_storage_object('avatars', 'first.png')),
  200,
  'delete_storage_object deletes an object (status 200)'
);
select ok(not pg_temp.avatar_stored('first.png'), 'the deleted object is gone from the Storage API');

select results_eq(
  $$select status, content::jsonb ->> 'error' from public.delete_storage_object('avatars', 'never-uploaded.png')$$,
  $$values (404, 'not_found')$$,
  'deleting a missing object gives the Storage API''s non-200 status and content'
);

-- A user whose sign-up metadata names an avatar already uploaded.
do $$ begin perform pg_temp.storage_request('POST', 'avatars/signup.png', 'signup'); end $$;
insert into auth.users (id, email, raw_user_meta_data) values
  ('11111111-1111-1111-1111-111111111111', 'owner@example.com', '{"full_name": "Olive Owner", "avatar_url": "signup.png"}');
select is(
  (select avatar_url from public.profiles where id = '11111111-1111-1111-1111-111111111111'),
  'signup.png',
  'the new profile takes avatar_url from the metadata'
);

-- Changing avatar_url deletes the old object and keeps the new one.
do $$ begin perform pg_temp.storage_request('POST', 'avatars/second.png', 'second'); end $$;
update public.profiles set avatar_url = 'second.png' where id = '11111111-1111-1111-1111-111111111111';
select ok(not pg_temp.avatar_stored('signup.png'), 'changing avatar_url deletes the old avatar');
select ok(pg_temp.avatar_stored('second.png'), 'changing avatar_url keeps the new avatar');

-- Saving the profile without changing avatar_url deletes nothing.
update public.profiles set avatar_url = 'second.png', website = 'https://olive.example'
  where id = '11111111-1111-1111-1111-111111111111';
select ok(pg_temp.avatar_stored('second.png'), 'an update that keeps avatar_url deletes nothing');

-- A full public URL in avatar_url is reduced to the object's name.
update public.profiles
  set avatar_url = public.storage_api_setting('project_url') || '/storage/v1/object/public/avatars/second.png'
  where id = '11111111-1111-1111-1111-111111111111';
do $$ begin perform pg_temp.storage_request('POST', 'avatars/third.png', 'third'); end $$;
update public.profiles set avatar_url = 'third.png' where id = '11111111-1111-1111-1111-111111111111';
select ok(not pg_temp.avatar_stored('second.png'), 'an avatar_url holding a full Storage URL is deleted by its name');

-- A non-200 answer (the old object is already gone) warns and never blocks the change.
do $$ begin perform pg_temp.storage_request('DELETE', 'avatars/third.png'); end $$;
select lives_ok(
  $$update public.profiles set avatar_url = 'fourth.png' where id = '11111111-1111-1111-1111-111111111111'$$,
  'a failed avatar deletion does not block the update'
);
select is(
  (select avatar_url from public.profiles where id = '11111111-1111-1111-1111-111111111111'),
  'fourth.png',
  'the update went through although the Storage API answered 404'
);

-- A Storage API that cannot be reached at all does not block the change either.
set local app.settings.project_url = 'http://127.0.0.1:1';
select lives_ok(
  $$update public.profiles set avatar_url = null where id = '11111111-1111-1111-1111-111111111111'$$,
  'an unreachable Storage API does not block the update'
);
reset app.settings.project_url;

-- A Vault secret wins over the database setting: with the setting pointing nowhere, the
-- secret's URL still reaches the Storage API. (Vault comes with the platform and both runtimes.)
select lives_ok(
  $$select vault.create_secret(public.storage_api_setting('project_url'), 'project_url')$$,
  'project_url can be stored as a Vault secret'
);
set local app.settings.project_url = 'http://127.0.0.1:1';
do $$ begin perform pg_temp.storage_request('POST', 'avatars/vault.png', 'vault'); end $$;
select is(
  (select status from public.delete_storage_object('avatars', 'vault.png')),
  200,
  'the Vault secret project_url is used before app.settings.project_url'
);
delete from vault.secrets where name = 'project_url';
reset app.settings.project_url;

-- Deleting the profile deletes its avatar.
do $$ begin perform pg_temp.storage_request('POST', 'avatars/fifth.png', 'fifth'); end $$;
update public.profiles set avatar_url = 'fifth.png' where id = '11111111-1111-1111-1111-111111111111';
delete from public.profiles where id = '11111111-1111-1111-1111-111111111111';
select ok(not pg_temp.avatar_stored('fifth.png'), 'deleting a profile deletes its avatar');

-- Deleting the auth user deletes the profile first, and with it the avatar.
do $$ begin perform pg_temp.storage_request('POST', 'avatars/sixth.png', 'sixth'); end $$;
insert into auth.users (id, email, raw_user_meta_data) values
  ('22222222-2222-2222-2222-222222222222', 'leaving@example.com', '{"avatar_url": "sixth.png"}');
select lives_ok(
  $$delete from auth.users where id = '22222222-2222-2222-2222-222222222222'$$,
  'a user with a profile and an avatar can be deleted'
);
select ok(not pg_temp.avatar_stored('sixth.png'), 'deleting the auth user deletes their avatar');

select * from finish();
rollback;
