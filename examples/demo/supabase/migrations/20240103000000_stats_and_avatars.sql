-- Per-user counts for a dashboard, and a public bucket for profile pictures.
create function public.todo_stats()
returns table (total bigint, done bigint)
language sql
stable
as $$
  select count(*), count(*) filter (where is_complete)
  from public.todos
  where user_id = auth.uid();
$$;

insert into storage.buckets (id, name, public)
values ('avatars', 'avatars', true)
on conflict (id) do nothing;

create policy "Avatar images are publicly readable"
  on storage.objects for select
  using (bucket_id = 'avatars');

create policy "Users upload into their own avatar folder"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
