-- pg_net 0.7.1's SQL interface for the supabase CLI's native runtime. The platform's build is a C
-- extension with a background worker inside PostgreSQL; here the same tables and functions
-- are plain SQL, and the requests are sent by the native stack's worker process
-- (tasks/pg-net/), which connects to every database that has this extension, is woken by a
-- notification when requests are queued, takes them off the queue and writes their responses.

\echo Use "CREATE EXTENSION pg_net" to load this file. \quit

create schema net;

create domain net.http_method as text
  check (value ilike 'get' or value ilike 'post' or value ilike 'delete');

-- Requests waiting for the worker. Unlogged: a crash may lose queued requests, as on the platform.
create unlogged table net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb not null,
  body bytea,
  timeout_milliseconds integer not null
);

-- One row per finished request: a response, or timed_out / error_msg. The worker removes rows
-- older than six hours (pg_net's default ttl).
create unlogged table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);
create index _http_response_created_idx on net._http_response (created);

-- The worker listens on this channel in each database; a notification is only delivered when
-- the queuing transaction commits, which is when the platform's worker may see the row too.
create function net._notify_worker() returns trigger
language plpgsql as $body$
begin
  perform pg_notify('pg_net_request_queued', '');
  return null;
end
$body$;

create trigger notify_worker
  after insert on net.http_request_queue
  for each statement execute function net._notify_worker();

-- Whether the worker is connected to this database (its sessions carry this application name).
create function net.check_worker_is_up() returns void
language plpgsql as $body$
begin
  if not exists (select 1 from pg_stat_activity where application_name = 'pg_net worker' and datname = current_database()) then
    raise exception using
      message = 'the pg_net background worker is not up',
      detail = 'on the native runtime the worker is a process of the local stack; it serves a database within a second of the extension being created there',
      hint = 'run supabase start (or supabase stop, then supabase start) to start it';
  end if;
end
$body$;

-- Percent-encodes every byte of the UTF-8 text except the unreserved characters of RFC 3986.
create function net._urlencode_string(string varchar) returns text
language sql immutable strict as $body$
  select coalesce(string_agg(
           case when b between 48 and 57 or b between 65 and 90 or b between 97 and 122 or b in (45, 46, 95, 126)
                then chr(b)
                else '%' || upper(lpad(to_hex(b), 2, '0')) end,
           '' order by i), '')
  from (
    select i, get_byte(raw, i) as b
    from (select convert_to(string, 'UTF8') as raw) bytes, generate_series(0, octet_length(raw) - 1) as i
  ) encoded
$body$;

-- Appends already-encoded `key=value` pairs to a URL's query string.
create function net._encode_url_with_params_array(url text, params_array text[]) returns text
language sql immutable strict as $body$
  select case
    when cardinality(params_array) = 0 then url
    else url || case when position('?' in url) > 0 then '&' else '?' end || array_to_string(params_array, '&')
  end
$body$;

-- The query string of a params object.
create function net._params_array(params jsonb) returns text[]
language sql immutable as $body$
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value) order by key), '{}')
  from jsonb_each_text(coalesce(params, '{}'::jsonb))
$body$;

create function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 2000
) returns bigint
language plpgsql volatile strict parallel safe security definer as $body$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', net._encode_url_with_params_array(url, net._params_array(params)), headers, timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$body$;

create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 2000
) returns bigint
language plpgsql volatile parallel safe security definer as $body$
declare
  request_id bigint;
  content_type text;
begin
  select value into content_type
  from jsonb_each_text(coalesce(headers, '{}'::jsonb))
  where lower(key) = 'content-type'
  limit 1;
  -- Headers given without a content type get the JSON one back; any other type is refused.
  if content_type is null then
    headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
  elsif content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', net._encode_url_with_params_array(url, net._params_array(params)), headers,
          convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$body$;

create function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 2000
) returns bigint
language plpgsql volatile strict parallel safe security definer as $body$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('DELETE', net._encode_url_with_params_array(url, net._params_array(params)), headers, timeout_milliseconds)
  returning id into request_id;
  return request_id;
end
$body$;

create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');

create type net.http_response as (
  status_code integer,
  headers jsonb,
  body text
);

create type net.http_response_result as (
  status net.request_status,
  message text,
  response net.http_response
);

-- Waits (50 ms at a time) until the request has a response row.
create function net._await_response(request_id bigint) returns boolean
language plpgsql volatile strict parallel safe as $body$
begin
  while not exists (select 1 from net._http_response r where r.id = request_id) loop
    perform pg_sleep(0.05);
  end loop;
  return true;
end
$body$;

-- The response of a request; with async false, waits for it first (in a transaction other than
-- the one that queued it, or it waits forever: the worker only sees committed requests).
create function net._http_collect_response(request_id bigint, async boolean default true)
returns net.http_response_result
language plpgsql volatile strict parallel safe security definer as $body$
declare
  stored net._http_response;
begin
  if not async then
    perform net._await_response(request_id);
  end if;
  select * into stored from net._http_response r where r.id = request_id;
  if stored is null then
    return ('ERROR', 'request matching request_id not found', null)::net.http_response_result;
  end if;
  if stored.error_msg is not null then
    return ('ERROR', stored.error_msg, null)::net.http_response_result;
  end if;
  return ('SUCCESS', 'ok', (stored.status_code, stored.headers, stored.content)::net.http_response)::net.http_response_result;
end
$body$;

create function net.http_collect_response(request_id bigint, async boolean default true)
returns net.http_response_result
language plpgsql volatile strict parallel safe security definer as $body$
begin
  raise notice 'The net.http_collect_response function is deprecated.';
  return net._http_collect_response(request_id, async);
end
$body$;

grant all on schema net to postgres;
grant all on all tables in schema net to postgres;
