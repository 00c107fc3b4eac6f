-- service schema: realtime
-- The realtime schema as the realtime server (v2.25.50, the version CLI 1.145.4 runs) leaves it
-- once its tenant migrations ran: the change-data-capture subscriptions, their filters and the
-- functions that turn a wal2json change into per-subscriber payloads, plus `channels`.
-- Facts: shared/reference/service-schemas.md section 4. (`realtime.messages` and
-- `realtime.send` arrived in later realtime versions.) No realtime server runs on the native
-- runtime; the version rows let a real one pointed at this database find nothing to migrate.

create schema if not exists realtime authorization supabase_admin;
grant usage on schema realtime to postgres;
alter default privileges for role supabase_admin in schema realtime grant all on tables to postgres, dashboard_user;
alter default privileges for role supabase_admin in schema realtime grant all on functions to postgres, dashboard_user;
alter default privileges for role supabase_admin in schema realtime grant all on sequences to postgres, dashboard_user;

set role supabase_admin;

create type realtime.equality_op as enum ('eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in');
create type realtime.action as enum ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'ERROR');
create type realtime.user_defined_filter as (column_name text, op realtime.equality_op, value text);
create type realtime.wal_column as (name text, type_name text, type_oid oid, value jsonb, is_pkey boolean, is_selectable boolean);
create type realtime.wal_rls as (wal jsonb, is_rls_enabled boolean, subscription_ids uuid[], errors text[]);

-- Declared immutable only so the generated column below may use it: subscribing with a role
-- that does not exist fails on insert.
create function realtime.to_regrole(role_name text) returns regrole language sql immutable as $fn$
  select role_name::regrole
$fn$;

-- `val` cast to `type_`, as JSON; an error when it does not cast.
create function realtime."cast"(val text, type_ regtype) returns jsonb language plpgsql immutable as $fn$
declare
  result jsonb;
begin
  execute format('select to_jsonb(%L::%s)', val, type_) into result;
  return result;
end
$fn$;

-- `val_1 <op> val_2`, both cast to `type_`; for `in`, val_2 is an array literal of that type.
create function realtime.check_equality_op(op realtime.equality_op, type_ regtype, val_1 text, val_2 text) returns boolean
language plpgsql immutable as $fn$
declare
  symbol text := case op
    when 'eq' then '='
    when 'neq' then '!='
    when 'lt' then '<'
    when 'lte' then '<='
    when 'gt' then '>'
    when 'gte' then '>='
    when 'in' then '= any'
  end;
  result boolean;
begin
  if op = 'in' then
    execute format('select %L::%s = any (%L::%s[])', val_1, type_, val_2, type_) into result;
  else
    execute format('select %L::%s %s %L::%s', val_1, type_, symbol, val_2, type_) into result;
  end if;
  return result;
end
$fn$;

-- True when there are no filters, or when every filter passes on the column it names (a NULL
-- comparison fails it); filters on columns absent from the change drop out.
create function realtime.is_visible_through_filters(columns realtime.wal_column[], filters realtime.user_defined_filter[]) returns boolean
language sql immutable as $fn$
  select filters is null
    or array_length(filters, 1) is null
    or coalesce(bool_and(coalesce(
      realtime.check_equality_op(f.op, coalesce(col.type_oid::regtype, col.type_name::regtype), col.value #>> '{}', f.value),
      false)), true)
  from unnest(filters) f
  join unnest(columns) col on f.column_name = col.name
$fn$;

-- A PREPARE statement asking whether a row with the change's primary key is visible to the
-- current role: how row level security is checked per subscriber.
create function realtime.build_prepared_statement_sql(prepared_statement_name text, entity regclass, columns realtime.wal_column[]) returns text
language sql as $fn$
  select 'prepare ' || prepared_statement_name || ' as select exists(select 1 from '
    || (select format('%I.%I', n.nspname, c.relname) from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where c.oid = entity)
    || ' where ' || string_agg(quote_ident(pk.name) || ' = ' || quote_nullable(pk.value #>> '{}'), ' and ') || ')'
  from unnest(columns) pk
  where pk.is_pkey
$fn$;

-- `schema.table` for wal2json's add-tables option, each part without its surrounding quotes.
create function realtime.quote_wal2json(entity regclass) returns text language sql immutable strict as $fn$
  select regexp_replace(quote_ident(n.nspname), '^"|"$', '', 'g') || '.' || regexp_replace(quote_ident(c.relname), '^"|"$', '', 'g')
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.oid = entity
$fn$;

create table realtime.subscription (
  id bigint generated always as identity,
  subscription_id uuid not null,
  entity regclass not null,
  filters realtime.user_defined_filter[] not null default '{}',
  claims jsonb not null,
  claims_role regrole not null generated always as (realtime.to_regrole(claims ->> 'role')) stored,
  created_at timestamp not null default timezone('utc', now()),
  constraint pk_subscription primary key (id)
);
create unique index subscription_subscription_id_entity_filters_key on realtime.subscription (subscription_id, entity, filters);
create index ix_realtime_subscription_entity on realtime.subscription using hash (entity);

-- Checks each filter against the columns the subscriber's role may read and the column's type,
-- then stores the filters sorted, so reordering them cannot dodge the unique index.
create function realtime.subscription_check_filters() returns trigger language plpgsql as $fn$
declare
  readable text[] := coalesce(array_agg(a.attname::text), '{}')
    from pg_catalog.pg_attribute a
    where a.attrelid = new.entity and a.attnum > 0 and not a.attisdropped
      and pg_catalog.has_column_privilege(new.claims ->> 'role', new.entity, a.attname::text, 'SELECT');
  filter realtime.user_defined_filter;
  column_type regtype;
  in_values jsonb;
begin
  for filter in select * from unnest(new.filters) loop
    if not filter.column_name = any (readable) then
      raise exception 'invalid column for filter %', filter.column_name;
    end if;
    column_type := (select a.atttypid::regtype from pg_catalog.pg_attribute a where a.attrelid = new.entity and a.attname = filter.column_name);
    if column_type is null then
      raise exception 'failed to lookup type for column %', filter.column_name;
    end if;
    if filter.op = 'in' then
      in_values := realtime.cast(filter.value, (column_type::text || '[]')::regtype);
      if coalesce(jsonb_array_length(in_values), 0) > 100 then
        raise exception 'too many values for `in` filter. Maximum 100';
      end if;
    else
      perform realtime.cast(filter.value, column_type);
    end if;
  end loop;
  new.filters := coalesce(array_agg(f order by f.column_name, f.op, f.value), '{}') from unnest(new.filters) f;
  return new;
end
$fn$;

create trigger tr_check_filters before insert or update on realtime.subscription
  for each row execute function realtime.subscription_check_filters();

-- One wal2json (format 2) change turned into one row per subscribed role: the payload that role
-- may see, the subscriptions that may see it, and errors (no primary key, unreadable key,
-- payload too large).
create function realtime.apply_rls(wal jsonb, max_record_bytes integer default (1024 * 1024)) returns setof realtime.wal_rls
language plpgsql as $fn$
declare
  entity_ regclass := (quote_ident(wal ->> 'schema') || '.' || quote_ident(wal ->> 'table'))::regclass;
  action realtime.action := case wal ->> 'action' when 'I' then 'INSERT' when 'U' then 'UPDATE' when 'D' then 'DELETE' else 'ERROR' end;
  rls_on boolean := (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = entity_);
  subscriptions realtime.subscription[] := array_agg(s) from realtime.subscription s where s.entity = entity_;
  roles regrole[] := array_agg(distinct s.claims_role) from unnest(subscriptions) s;
  too_large boolean := octet_length(wal::text) > max_record_bytes;
  pk_names text[] := coalesce(array_agg(pk ->> 'name'), '{}') from jsonb_array_elements(wal -> 'pk') pk;
  working_role regrole;
  columns realtime.wal_column[];
  old_columns realtime.wal_column[];
  output jsonb;
  visible uuid[];
  sub record;
  allowed boolean;
begin
  perform set_config('role', null, true);
  for working_role in select * from unnest(roles) loop
    columns := array_agg((
        x ->> 'name', x ->> 'type', (x ->> 'typeoid')::oid,
        realtime.cast(x ->> 'value', coalesce((x ->> 'typeoid')::regtype, (x ->> 'type')::regtype)),
        (x ->> 'name') = any (pk_names),
        pg_catalog.has_column_privilege(working_role, entity_, x ->> 'name', 'SELECT')
      )::realtime.wal_column)
      from jsonb_array_elements(wal -> 'columns') x;
    old_columns := array_agg((
        x ->> 'name', x ->> 'type', (x ->> 'typeoid')::oid,
        realtime.cast(x ->> 'value', coalesce((x ->> 'typeoid')::regtype, (x ->> 'type')::regtype)),
        (x ->> 'name') = any (pk_names),
        pg_catalog.has_column_privilege(working_role, entity_, x ->> 'name', 'SELECT')
      )::realtime.wal_column)
      from jsonb_array_elements(wal -> 'identity') x;
    visible := coalesce(array_agg(s.subscription_id), '{}') from unnest(subscriptions) s where s.claims_role = working_role;

    if action <> 'DELETE' and cardinality(pk_names) = 0 then
      return next (null, rls_on, visible, array['Error 400: Bad Request, no primary key'])::realtime.wal_rls;
    elsif action <> 'DELETE' and exists (select 1 from unnest(columns) c where c.is_pkey and not c.is_selectable) then
      return next (null, rls_on, visible, array['Error 401: Unauthorized'])::realtime.wal_rls;
    else
      output := jsonb_build_object(
        'schema', wal ->> 'schema',
        'table', wal ->> 'table',
        'type', action,
        'commit_timestamp', to_char((wal ->> 'timestamp')::timestamptz at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'columns', (select coalesce(jsonb_agg(jsonb_build_object('name', c.name, 'type', c.type_name)), '[]') from unnest(columns) c where c.is_selectable)
      );
      if action in ('INSERT', 'UPDATE') then
        -- Unchanged TOAST values are left out of the change; the old row supplies them.
        output := output || jsonb_build_object('record', (
          select coalesce(jsonb_object_agg(c.name, coalesce(c.value, o.value)), '{}')
          from unnest(columns) c
          left join unnest(old_columns) o on o.name = c.name
          where c.is_selectable and (not too_large or octet_length(coalesce(c.value, o.value)::text) <= 64)
        ));
      end if;
      if action = 'UPDATE' then
        output := output || jsonb_build_object('old_record', (
          select coalesce(jsonb_object_agg(c.name, c.value), '{}') from unnest(old_columns) c
          where c.is_selectable and (not too_large or octet_length(c.value::text) <= 64)
        ));
      elsif action = 'DELETE' then
        output := output || jsonb_build_object('old_record', (
          select coalesce(jsonb_object_agg(c.name, c.value), '{}') from unnest(old_columns) c
          where c.is_selectable and (not rls_on or c.is_pkey) and (not too_large or octet_length(c.value::text) <= 64)
        ));
      end if;

      if rls_on and action <> 'DELETE' then
        if exists (select 1 from pg_catalog.pg_prepared_statements where name = 'walrus_rls_stmt') then
          deallocate walrus_rls_stmt;
        end if;
        execute realtime.build_prepared_statement_sql('walrus_rls_stmt', entity_, columns);
      end if;

      visible := '{}';
      for sub in
        select s.subscription_id, s.claims from unnest(subscriptions) s
        where s.claims_role = working_role and (action = 'DELETE' or realtime.is_visible_through_filters(columns, s.filters))
      loop
        if not rls_on or action = 'DELETE' then
          visible := visible || sub.subscription_id;
        else
          perform set_config('role', working_role::text, true);
          perform set_config('request.jwt.claims', sub.claims::text, true);
          execute 'execute walrus_rls_stmt' into allowed;
          perform set_config('role', null, true);
          if allowed then
            visible := visible || sub.subscription_id;
          end if;
        end if;
      end loop;

      return next (output, rls_on, visible,
        case when too_large then array['Error 413: Payload Too Large'] else '{}'::text[] end)::realtime.wal_rls;
    end if;
  end loop;
  perform set_config('role', null, true);
end
$fn$;

-- Reads up to `max_changes` changes of the publication's tables from a wal2json slot and keeps
-- those that reach at least one subscription.
create function realtime.list_changes(publication name, slot_name name, max_changes integer, max_record_bytes integer) returns setof realtime.wal_rls
language sql set log_min_messages to 'fatal' as $fn$
  with pub as (
    select
      concat_ws(',',
        case when bool_or(pp.pubinsert) then 'insert' end,
        case when bool_or(pp.pubupdate) then 'update' end,
        case when bool_or(pp.pubdelete) then 'delete' end) as actions,
      coalesce(string_agg(realtime.quote_wal2json(format('%I.%I', ppt.schemaname, ppt.tablename)::regclass), ',')
        filter (where ppt.tablename is not null and ppt.tablename not like '% %'), '') as tables
    from pg_catalog.pg_publication pp
    left join pg_catalog.pg_publication_tables ppt on ppt.pubname = pp.pubname
    where pp.pubname = publication
    group by pp.pubname
  ),
  changes as (
    select c.data, pub.tables
    from pub, pg_logical_slot_get_changes(slot_name, null, max_changes,
      'include-pk', 'true', 'include-transaction', 'false', 'include-timestamp', 'true',
      'include-type-oids', 'true', 'format-version', '2', 'actions', pub.actions, 'add-tables', pub.tables) c
    where pub.tables <> ''
  )
  select r.wal, r.is_rls_enabled, r.subscription_ids, r.errors
  from changes, realtime.apply_rls(changes.data::jsonb, max_record_bytes) r
  where r.subscription_ids[1] is not null
$fn$;

create table realtime.schema_migrations (
  version bigint not null,
  inserted_at timestamp(0),
  constraint schema_migrations_pkey primary key (version)
);
insert into realtime.schema_migrations (version, inserted_at)
select unnest(array[
  20211116024918, 20211116045059, 20211116050929, 20211116051442, 20211116212300, 20211116213355,
  20211116213934, 20211116214523, 20211122062447, 20211124070109, 20211202204204, 20211202204605,
  20211210212804, 20211228014915, 20220107221237, 20220228202821, 20220312004840, 20220603231003,
  20220603232444, 20220615214548, 20220712093339, 20220908172859, 20220916233421, 20230119133233,
  20230128025114, 20230128025212, 20230227211149, 20230228184745, 20230308225145, 20230328144023,
  20231018144023
]::bigint[]), now()::timestamp(0);

create table realtime.channels (
  id bigserial not null,
  name varchar(255) not null,
  inserted_at timestamp(0) not null,
  updated_at timestamp(0) not null,
  constraint channels_pkey primary key (id)
);
create unique index channels_name_index on realtime.channels (name);

reset role;
