-- pgjwt for the native runtime: HMAC-signed JSON Web Tokens (RFC 7519) in SQL.
--
-- Why SQL-standard bodies (BEGIN ATOMIC): they are bound when CREATE EXTENSION runs, when the
-- search path holds this extension's schema and pgcrypto's, so hmac() and our helpers are found
-- whatever search path the caller has later (projects often call extensions.sign() from roles
-- whose path lacks `extensions`).
\echo Use "CREATE EXTENSION pgjwt" to load this file. \quit

-- base64url without padding (RFC 7515 section 2).
create function url_encode(data bytea) returns text
language sql immutable strict parallel safe
begin atomic
  select replace(translate(encode(data, 'base64'), E'+/\n', '-_'), '=', '');
end;

-- The padding is put back before decoding: PostgreSQL's base64 decoder requires it.
create function url_decode(data text) returns bytea
language sql immutable strict parallel safe
begin atomic
  select decode(rpad(translate(data, '-_', '+/'), ((length(data) + 3) / 4) * 4, '='), 'base64');
end;

-- The base64url HMAC of `signables`; an algorithm other than HS256/384/512 reaches pgcrypto as
-- it is, which rejects it by name.
create function algorithm_sign(signables text, secret text, algorithm text) returns text
language sql immutable strict parallel safe
begin atomic
  select url_encode(hmac(
    convert_to(signables, 'utf8'),
    convert_to(secret, 'utf8'),
    case upper(algorithm) when 'HS256' then 'sha256' when 'HS384' then 'sha384' when 'HS512' then 'sha512' else algorithm end
  ));
end;

create function sign(payload json, secret text, algorithm text default 'HS256') returns text
language sql immutable strict parallel safe
begin atomic
  select signing_input || '.' || algorithm_sign(signing_input, secret, algorithm)
  from (
    select url_encode(convert_to(jsonb_build_object('alg', algorithm, 'typ', 'JWT')::text, 'utf8'))
      || '.' || url_encode(convert_to(payload::text, 'utf8')) as signing_input
  ) as parts;
end;

-- A number claim (exp, nbf) as a double, or null when the text is not a number.
create function try_cast_double(inp text) returns double precision
language sql immutable parallel safe
begin atomic
  select case when inp ~ '^\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\s*$' then inp::double precision end;
end;

-- The token's header and payload, and whether it is valid: the signature matches under `secret`
-- and `algorithm`, it has not expired (exp) and is already usable (nbf).
create function verify(token text, secret text, algorithm text default 'HS256')
returns table(header json, payload json, valid boolean)
language sql stable strict parallel safe
begin atomic
  select
    convert_from(url_decode(part[1]), 'utf8')::json,
    convert_from(url_decode(part[2]), 'utf8')::json,
    coalesce(part[3] = algorithm_sign(part[1] || '.' || part[2], secret, algorithm), false)
      and coalesce(to_timestamp(try_cast_double(convert_from(url_decode(part[2]), 'utf8')::json ->> 'exp')) > now(), true)
      and coalesce(to_timestamp(try_cast_double(convert_from(url_decode(part[2]), 'utf8')::json ->> 'nbf')) <= now(), true)
  from (select string_to_array(token, '.') as part) as split;
end;
