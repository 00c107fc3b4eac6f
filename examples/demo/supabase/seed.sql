-- Two users with a few to-dos, for trying the demo. Passwords are "password".
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values
  ('00000000-0000-0000-0000-000000000000', 'a0a0a0a0-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
   'alice@example.com', crypt('password', gen_salt('bf')), now(),
   '{"provider":"email","providers":["email"]}', '{"full_name":"Alice Liddell"}', now(), now()),
  ('00000000-0000-0000-0000-000000000000', 'b0b0b0b0-0000-4000-8000-000000000002', 'authenticated', 'authenticated',
   'bob@example.com', crypt('password', gen_salt('bf')), now(),
   '{"provider":"email","providers":["email"]}', '{"full_name":"Bob Builder"}', now(), now());

insert into public.todos (user_id, task, is_complete)
values
  ('a0a0a0a0-0000-4000-8000-000000000001', 'Read the native runtime notes', true),
  ('a0a0a0a0-0000-4000-8000-000000000001', 'Write a migration', false),
  ('b0b0b0b0-0000-4000-8000-000000000002', 'Fix the roof', false);
