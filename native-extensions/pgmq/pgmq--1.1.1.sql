-- pgmq for the native runtime: message queues in PostgreSQL with pgmq 1.1.1's functions, tables
-- and types. Each queue is a table pgmq.q_<name> of messages and a table pgmq.a_<name> of those
-- archived; a read hides the messages it returns for `vt` seconds (their visibility timeout),
-- so a consumer that dies leaves them to be read again. Partitioned queues need pg_partman,
-- which the native runtime does not have: asking for one says so.
\echo Use "CREATE EXTENSION pgmq" to load this file. \quit

create table pgmq.meta (
  queue_name varchar unique not null,
  is_partitioned boolean not null,
  is_unlogged boolean not null,
  created_at timestamp with time zone default now() not null
);
-- The queues' list is data a dump must keep, as pgmq marks it.
select pg_catalog.pg_extension_config_dump('pgmq.meta', '');

create type pgmq.message_record as (
  msg_id bigint,
  read_ct integer,
  enqueued_at timestamp with time zone,
  vt timestamp with time zone,
  message jsonb
);

create type pgmq.queue_record as (
  queue_name varchar,
  is_partitioned boolean,
  is_unlogged boolean,
  created_at timestamp with time zone
);

create type pgmq.metrics_result as (
  queue_name text,
  queue_length bigint,
  newest_msg_age_sec integer,
  oldest_msg_age_sec integer,
  total_messages bigint,
  scrape_time timestamp with time zone
);

-- Names: a queue's tables are its name with a prefix, so what could break out of an identifier
-- is refused, and the name must leave room for the prefix and index suffixes in 63 bytes.

create function pgmq.validate_queue_name(queue_name text) returns void language plpgsql as $$
begin
  if length(queue_name) >= 48 then
    raise exception 'queue name is too long, maximum length is 48 characters';
  end if;
end;
$$;

create function pgmq.format_table_name(queue_name text, prefix text) returns text language plpgsql immutable as $$
begin
  if queue_name ~ '\$|;|--|''' then
    raise exception 'queue name contains invalid characters: $, ;, --, or \''';
  end if;
  return lower(prefix || '_' || queue_name);
end;
$$;

-- Creating and dropping queues

create function pgmq._belongs_to_pgmq(table_name text) returns boolean language sql as $$
  select exists (
    select 1 from pg_depend
     where refclassid = 'pg_extension'::regclass and classid = 'pg_class'::regclass
       and refobjid = (select oid from pg_extension where extname = 'pgmq')
       and objid = to_regclass(format('pgmq.%I', table_name)));
$$;

-- A queue's tables join the extension, as pgmq's do: `drop extension pgmq` drops its queues,
-- and a dump recreates them by the migrations' own pgmq.create() calls.
create function pgmq._create_queue(queue_name text, unlogged boolean) returns void language plpgsql as $$
declare
  qtable text := pgmq.format_table_name(queue_name, 'q');
  atable text := pgmq.format_table_name(queue_name, 'a');
begin
  perform pgmq.validate_queue_name(queue_name);
  execute format('create %s table if not exists pgmq.%I (
      msg_id bigint primary key generated always as identity,
      read_ct integer default 0 not null,
      enqueued_at timestamp with time zone default now() not null,
      vt timestamp with time zone not null,
      message jsonb)', case when unlogged then 'unlogged' else '' end, qtable);
  execute format('create table if not exists pgmq.%I (
      msg_id bigint primary key,
      read_ct integer default 0 not null,
      enqueued_at timestamp with time zone default now() not null,
      archived_at timestamp with time zone default now() not null,
      vt timestamp with time zone not null,
      message jsonb)', atable);
  if not pgmq._belongs_to_pgmq(qtable) then
    execute format('alter extension pgmq add table pgmq.%I', qtable);
  end if;
  if not pgmq._belongs_to_pgmq(atable) then
    execute format('alter extension pgmq add table pgmq.%I', atable);
  end if;
  execute format('create index if not exists %I on pgmq.%I (vt asc)', qtable || '_vt_idx', qtable);
  execute format('create index if not exists %I on pgmq.%I (archived_at)', 'archived_at_idx_' || queue_name, atable);
  insert into pgmq.meta (queue_name, is_partitioned, is_unlogged) values (queue_name, false, unlogged)
    on conflict on constraint meta_queue_name_key do nothing;
end;
$$;

create function pgmq.create_non_partitioned(queue_name text) returns void language sql as $$
  select pgmq._create_queue(queue_name, false);
$$;

create function pgmq.create_unlogged(queue_name text) returns void language sql as $$
  select pgmq._create_queue(queue_name, true);
$$;

create function pgmq.create(queue_name text) returns void language plpgsql as $$
begin
  perform pgmq.create_non_partitioned(queue_name);
end;
$$;

create function pgmq.create_partitioned(queue_name text, partition_interval text default '10000', retention_interval text default '100000')
returns void language plpgsql as $$
begin
  raise exception 'partitioned queues need the pg_partman extension, which the native runtime does not have'
    using hint = 'Create the queue with pgmq.create(), or run the stack on Docker (SUPABASE_RUNTIME=docker).',
          errcode = 'feature_not_supported';
end;
$$;

create function pgmq.drop_queue(queue_name text, partitioned boolean default false) returns boolean language plpgsql as $$
begin
  -- A member of the extension cannot be dropped on its own: it leaves the extension first.
  if pgmq._belongs_to_pgmq(pgmq.format_table_name(queue_name, 'q')) then
    execute format('alter extension pgmq drop table pgmq.%I', pgmq.format_table_name(queue_name, 'q'));
  end if;
  perform pgmq.detach_archive(queue_name);
  execute format('drop table if exists pgmq.%I', pgmq.format_table_name(queue_name, 'q'));
  execute format('drop table if exists pgmq.%I', pgmq.format_table_name(queue_name, 'a'));
  delete from pgmq.meta where meta.queue_name = drop_queue.queue_name;
  return true;
end;
$$;

-- The archive leaves the extension: it then stays, with its messages, if the extension is dropped.
create function pgmq.detach_archive(queue_name text) returns void language plpgsql as $$
begin
  if pgmq._belongs_to_pgmq(pgmq.format_table_name(queue_name, 'a')) then
    execute format('alter extension pgmq drop table pgmq.%I', pgmq.format_table_name(queue_name, 'a'));
  end if;
end;
$$;

create function pgmq.purge_queue(queue_name text) returns bigint language plpgsql as $$
declare
  deleted bigint;
begin
  execute format('with gone as (delete from pgmq.%I returning msg_id) select count(*) from gone', pgmq.format_table_name(queue_name, 'q'))
    into deleted;
  return deleted;
end;
$$;

create function pgmq.list_queues() returns setof pgmq.queue_record language sql as $$
  select queue_name, is_partitioned, is_unlogged, created_at from pgmq.meta order by queue_name;
$$;

-- Sending

create function pgmq.send(queue_name text, msg jsonb, delay integer default 0) returns setof bigint language plpgsql as $$
begin
  return query execute format(
    'insert into pgmq.%I (vt, message) values (clock_timestamp() + make_interval(secs => $1), $2) returning msg_id',
    pgmq.format_table_name(queue_name, 'q'))
    using delay, msg;
end;
$$;

create function pgmq.send_batch(queue_name text, msgs jsonb[], delay integer default 0) returns setof bigint language plpgsql as $$
begin
  return query execute format(
    'insert into pgmq.%I (vt, message)
       select clock_timestamp() + make_interval(secs => $1), m from unnest($2) with ordinality as t(m, n) order by n
     returning msg_id',
    pgmq.format_table_name(queue_name, 'q'))
    using delay, msgs;
end;
$$;

-- Reading: the first qty visible messages, oldest first, hidden for vt seconds; skip locked so
-- that consumers reading at once never get the same message.

create function pgmq.read(queue_name text, vt integer, qty integer) returns setof pgmq.message_record language plpgsql as $$
begin
  return query execute format(
    'with visible as (
       select msg_id from pgmq.%1$I where vt <= clock_timestamp() order by msg_id limit $1 for update skip locked)
     update pgmq.%1$I m set vt = clock_timestamp() + make_interval(secs => $2), read_ct = read_ct + 1
       from visible where m.msg_id = visible.msg_id
     returning m.msg_id, m.read_ct, m.enqueued_at, m.vt, m.message',
    pgmq.format_table_name(queue_name, 'q'))
    using qty, vt;
end;
$$;

create function pgmq.read_with_poll(queue_name text, vt integer, qty integer, max_poll_seconds integer default 5, poll_interval_ms integer default 100)
returns setof pgmq.message_record language plpgsql as $$
declare
  deadline timestamp with time zone := clock_timestamp() + make_interval(secs => max_poll_seconds);
  found_any boolean;
begin
  loop
    return query select * from pgmq.read(queue_name, vt, qty);
    get diagnostics found_any = row_count;
    if found_any or clock_timestamp() >= deadline then
      return;
    end if;
    perform pg_sleep(poll_interval_ms / 1000.0);
  end loop;
end;
$$;

create function pgmq.pop(queue_name text) returns setof pgmq.message_record language plpgsql as $$
begin
  return query execute format(
    'with first as (
       select msg_id from pgmq.%1$I where vt <= clock_timestamp() order by msg_id limit 1 for update skip locked)
     delete from pgmq.%1$I m using first where m.msg_id = first.msg_id
     returning m.msg_id, m.read_ct, m.enqueued_at, m.vt, m.message',
    pgmq.format_table_name(queue_name, 'q'));
end;
$$;

create function pgmq.set_vt(queue_name text, msg_id bigint, vt_offset integer) returns setof pgmq.message_record language plpgsql as $$
begin
  return query execute format(
    'update pgmq.%I set vt = clock_timestamp() + make_interval(secs => $2) where msg_id = $1
     returning msg_id, read_ct, enqueued_at, vt, message',
    pgmq.format_table_name(queue_name, 'q'))
    using msg_id, vt_offset;
end;
$$;

-- Deleting and archiving

create function pgmq.delete(queue_name text, msg_id bigint) returns boolean language plpgsql as $$
declare
  gone bigint;
begin
  execute format('delete from pgmq.%I where msg_id = $1 returning msg_id', pgmq.format_table_name(queue_name, 'q'))
    into gone using msg_id;
  return gone is not null;
end;
$$;

create function pgmq.delete(queue_name text, msg_ids bigint[]) returns setof bigint language plpgsql as $$
begin
  return query execute format('delete from pgmq.%I where msg_id = any($1) returning msg_id', pgmq.format_table_name(queue_name, 'q'))
    using msg_ids;
end;
$$;

create function pgmq.archive(queue_name text, msg_ids bigint[]) returns setof bigint language plpgsql as $$
begin
  return query execute format(
    'with gone as (delete from pgmq.%I where msg_id = any($1) returning msg_id, vt, read_ct, enqueued_at, message)
     insert into pgmq.%I (msg_id, vt, read_ct, enqueued_at, message)
       select msg_id, vt, read_ct, enqueued_at, message from gone
     returning msg_id',
    pgmq.format_table_name(queue_name, 'q'), pgmq.format_table_name(queue_name, 'a'))
    using msg_ids;
end;
$$;

create function pgmq.archive(queue_name text, msg_id bigint) returns boolean language plpgsql as $$
begin
  return exists (select 1 from pgmq.archive(queue_name, array[msg_id]));
end;
$$;

-- Metrics

create function pgmq.metrics(queue_name text) returns pgmq.metrics_result language plpgsql as $$
declare
  result pgmq.metrics_result;
  qtable text := pgmq.format_table_name(queue_name, 'q');
begin
  execute format(
    'select $1, count(*),
            extract(epoch from (now() - max(enqueued_at)))::integer,
            extract(epoch from (now() - min(enqueued_at)))::integer,
            (select coalesce(last_value, 0) from pg_sequences where schemaname = ''pgmq'' and sequencename = $2),
            now()
       from pgmq.%I', qtable)
    into result using queue_name, qtable || '_msg_id_seq';
  return result;
end;
$$;

create function pgmq.metrics_all() returns setof pgmq.metrics_result language plpgsql as $$
declare
  queue record;
begin
  for queue in select meta.queue_name from pgmq.meta order by meta.queue_name loop
    return next pgmq.metrics(queue.queue_name);
  end loop;
end;
$$;
