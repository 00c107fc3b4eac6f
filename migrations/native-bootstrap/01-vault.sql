-- Native runtime only (the docker runtime's image has the platform's own): supabase_vault is
-- preinstalled, as on the platform, so the `vault` schema exists and migrations saying
-- `create extension if not exists supabase_vault with schema vault` work. Our implementation
-- comes from native-extensions/; an installation without it (a custom PostgreSQL without
-- pg_config, see pg-overlay.ts) simply goes without.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'supabase_vault') then
    create extension if not exists supabase_vault;
  end if;
end;
$$;
