-- The avatars bucket and its policies on storage.objects: public read, anyone uploads, only the
-- owner updates, and an update cannot move an object out of the bucket.
begin;
select plan(10);

insert into auth.users (id, email) values
  ('11111111-1111-1111-1111-111111111111', 'owner@example.com'),
  ('22222222-2222-2222-2222-222222222222', 'stranger@example.com');

-- A second bucket that no policy opens, to tell the avatars policies from a blanket grant.
insert into storage.buckets (id, name) values ('private-files', 'private-files');
insert into storage.objects (bucket_id, name, owner) values
  ('avatars', 'owner.png', '11111111-1111-1111-1111-111111111111'),
  ('private-files', 'secret.txt', '11111111-1111-1111-1111-111111111111');

select results_eq(
  $$select id, name, public from storage.buckets where id = 'avatars'$$,
  $$values ('avatars', 'avatars', false)$$,
  'the avatars bucket exists, with id and name avatars'
);

-- anon
set local role anon;
set local request.jwt.claims = '{"role": "anon"}';

select results_eq(
  $$select bucket_id, name from storage.objects$$,
  $$values ('avatars', 'owner.png')$$,
  'anon reads objects of the avatars bucket and of no other'
);

select lives_ok(
  $$insert into storage.objects (bucket_id, name) values ('avatars', 'anon-upload.png')$$,
  'anon uploads into avatars'
);

select throws_ok(
  $$insert into storage.objects (bucket_id, name) values ('private-files', 'anon-upload.txt')$$,
  '42501', null, 'anon cannot upload into another bucket'
);

select is_empty(
  $$update storage.objects set name = 'renamed.png' where name = 'owner.png' returning id$$,
  'anon updates no avatar'
);

-- The owner
set local role authenticated;
set local request.jwt.claims = '{"sub": "11111111-1111-1111-1111-111111111111", "role": "authenticated"}';

select results_eq(
  $$update storage.objects set name = 'owner-2.png' where name = 'owner.png' returning name$$,
  $$values ('owner-2.png')$$,
  'the owner updates their own avatar'
);

select throws_ok(
  $$update storage.objects set bucket_id = 'private-files' where name = 'owner-2.png'$$,
  '42501', null, 'the owner cannot move their avatar out of the avatars bucket'
);

select lives_ok(
  $$insert into storage.objects (bucket_id, name, owner)
    values ('avatars', 'owner-upload.png', '11111111-1111-1111-1111-111111111111')$$,
  'an authenticated user uploads into avatars'
);

-- The stranger
set local request.jwt.claims = '{"sub": "22222222-2222-2222-2222-222222222222", "role": "authenticated"}';

select is_empty(
  $$update storage.objects set name = 'taken.png' where name = 'owner-2.png' returning id$$,
  'a stranger updates nobody else''s avatar'
);

select is(
  (select count(*)::int from storage.objects where bucket_id = 'avatars'),
  3,
  'a stranger reads every avatar'
);

select * from finish();
rollback;
