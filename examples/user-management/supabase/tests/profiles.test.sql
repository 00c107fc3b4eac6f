-- The profiles table: who may read and write which row, the username rule, and the two triggers
-- on auth.users. No avatar is set here, so nothing in this file calls the Storage API.
begin;
select plan(17);

-- Two users, made as the auth server makes them: the new-user trigger gives each a profile.
insert into auth.users (id, email, raw_user_meta_data) values
  ('11111111-1111-1111-1111-111111111111', 'owner@example.com', '{"full_name": "Olive Owner"}'),
  ('22222222-2222-2222-2222-222222222222', 'stranger@example.com', '{"full_name": "Sam Stranger"}');

select results_eq(
  $$select id, full_name, avatar_url from public.profiles order by id$$,
  $$values ('11111111-1111-1111-1111-111111111111'::uuid, 'Olive Owner', null::text),
           ('22222222-2222-2222-2222-222222222222'::uuid, 'Sam Stranger', null::text)$$,
  'on_auth_user_created gives every new user a profile with the full_name and avatar_url of their metadata'
);

select ok(
  (select relrowsecurity from pg_class where oid = 'public.profiles'::regclass),
  'profiles has row-level security enabled'
);

-- anon: reads everything, writes nothing.
set local role anon;
set local request.jwt.claims = '{"role": "anon"}';

select is((select count(*)::int from public.profiles), 2, 'anon reads every profile');

select throws_ok(
  $$insert into public.profiles (id, username) values ('33333333-3333-3333-3333-333333333333', 'anonymous')$$,
  '42501', null, 'anon cannot insert a profile'
);

select is_empty(
  $$update public.profiles set username = 'hijacked' returning id$$,
  'anon updates no profile'
);

-- The owner: reads everything, changes their own row.
set local role authenticated;
set local request.jwt.claims = '{"sub": "11111111-1111-1111-1111-111111111111", "role": "authenticated"}';

select is((select count(*)::int from public.profiles), 2, 'an authenticated user reads every profile');

select results_eq(
  $$update public.profiles set username = 'olive', website = 'https://olive.example'
    where id = '11111111-1111-1111-1111-111111111111' returning username$$,
  $$values ('olive')$$,
  'the owner updates their own profile'
);

select throws_ok(
  $$insert into public.profiles (id, username) values ('22222222-2222-2222-2222-222222222222', 'olive-again')$$,
  '42501', null, 'the owner cannot insert a profile with another user''s id'
);

-- The stranger: reads the owner's row, cannot change it.
set local request.jwt.claims = '{"sub": "22222222-2222-2222-2222-222222222222", "role": "authenticated"}';

select is_empty(
  $$update public.profiles set username = 'stolen' where id = '11111111-1111-1111-1111-111111111111' returning id$$,
  'a stranger updates nobody else''s profile'
);

select is(
  (select username from public.profiles where id = '11111111-1111-1111-1111-111111111111'),
  'olive',
  'the owner''s username is unchanged after the stranger''s attempt'
);

-- A user whose profile is gone may insert their own again (and only their own).
reset role;
delete from public.profiles where id = '22222222-2222-2222-2222-222222222222';
set local role authenticated;

select lives_ok(
  $$insert into public.profiles (id, username) values ('22222222-2222-2222-2222-222222222222', 'sam')$$,
  'a user inserts their own profile'
);

-- The username rule: at least 3 characters, and unique.
select throws_ok(
  $$update public.profiles set username = 'ab' where id = '22222222-2222-2222-2222-222222222222'$$,
  '23514', null, 'a username shorter than 3 characters breaks username_length'
);

select lives_ok(
  $$update public.profiles set username = 'abc' where id = '22222222-2222-2222-2222-222222222222'$$,
  'a username of exactly 3 characters is accepted'
);

select throws_ok(
  $$update public.profiles set username = 'olive' where id = '22222222-2222-2222-2222-222222222222'$$,
  '23505', null, 'usernames are unique'
);

-- The clean-up functions are not for API clients.
select throws_ok(
  $$select public.delete_storage_object('avatars', 'any.png')$$,
  '42501', null, 'an authenticated user cannot call delete_storage_object'
);

-- before_delete_user: deleting the auth user deletes the profile first, so the delete succeeds.
reset role;

select lives_ok(
  $$delete from auth.users where id = '22222222-2222-2222-2222-222222222222'$$,
  'an auth user with a profile can be deleted'
);

select is(
  (select count(*)::int from public.profiles where id = '22222222-2222-2222-2222-222222222222'),
  0,
  'before_delete_user removed the deleted user''s profile'
);

select * from finish();
rollback;
