-- http for the native runtime: synchronous HTTP requests from SQL, with the types and functions
-- of pgsql-http 1.5.
--
-- Why PL/Python: the platform's extension is C over libcurl, which would have to be compiled for
-- each PostgreSQL build. Debian's postgresql-plpython3-15 package gives a Python interpreter
-- inside the server, and Python's standard library (urllib) does real HTTP/HTTPS with
-- per-request timeouts, so nothing is compiled and nothing but that package is needed. The
-- handler is bound to a language private to this extension (http_plpython) rather than to the
-- plpython3u extension: migrations say `create extension http` without CASCADE, and a project's
-- schema should not gain a plpython3u extension the platform does not offer. The embedded
-- PostgreSQL distribution's plpython3.so needs Python 3.6's library, so on machines without it
-- this extension needs the system's PostgreSQL 15 with postgresql-plpython3-15.
\echo Use "CREATE EXTENSION http" to load this file. \quit

create function http_plpython_handler() returns language_handler
  as '$libdir/plpython3', 'plpython3_call_handler' language c;
create function http_plpython_inline(internal) returns void
  as '$libdir/plpython3', 'plpython3_inline_handler' language c strict;
create function http_plpython_validator(oid) returns void
  as '$libdir/plpython3', 'plpython3_validator' language c strict;
create language http_plpython handler http_plpython_handler inline http_plpython_inline validator http_plpython_validator;

create domain http_method as text
  check (upper(value) in ('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'));

create domain content_type as text
  check (value ~ '^\S+\/\S+');

create type http_header as (field varchar, value varchar);

create type http_response as (status integer, content_type varchar, headers http_header[], content varchar);

create type http_request as (method http_method, uri varchar, headers http_header[], content_type varchar, content varchar);

create function http_header(field varchar, value varchar) returns http_header
  language sql immutable
  as $$ select ($1, $2)::@extschema@.http_header $$;

-- Session options in the manner of pgsql-http's CURLOPT settings; only the timeouts have a
-- meaning for urllib, so only they are accepted.
create function http_set_curlopt(curlopt varchar, value varchar) returns boolean
  language http_plpython
  as $py$
name = curlopt.upper()
if name not in ('CURLOPT_TIMEOUT', 'CURLOPT_TIMEOUT_MS', 'CURLOPT_CONNECTTIMEOUT', 'CURLOPT_CONNECTTIMEOUT_MS'):
    plpy.error('http_set_curlopt: %s is not supported by the native runtime http extension' % curlopt,
               hint='Supported: CURLOPT_TIMEOUT, CURLOPT_TIMEOUT_MS, CURLOPT_CONNECTTIMEOUT, CURLOPT_CONNECTTIMEOUT_MS.')
try:
    int(value)
except (TypeError, ValueError):
    plpy.error('http_set_curlopt: %s needs a whole number, not %r' % (name, value))
GD.setdefault('http_curlopts', {})[name] = value
return True
$py$;

create function http_reset_curlopt() returns boolean
  language http_plpython
  as $py$
GD['http_curlopts'] = {}
return True
$py$;

create function http_list_curlopt() returns table(curlopt text, value text)
  language http_plpython
  as $py$
return sorted(GD.get('http_curlopts', {}).items())
$py$;

-- One request, made now. The time limit is http.timeout_msec (5000 by default, as in
-- pgsql-http) unless http_set_curlopt set CURLOPT_TIMEOUT(_MS); it covers connecting, sending
-- and reading the whole response. Redirects are followed; an HTTP error status is a response,
-- not an error.
create function http(request http_request) returns http_response
  language http_plpython
  as $py$
import socket
import time
import urllib.error
import urllib.request

def limit_ms():
    opts = GD.get('http_curlopts', {})
    if 'CURLOPT_TIMEOUT_MS' in opts:
        return int(opts['CURLOPT_TIMEOUT_MS'])
    if 'CURLOPT_TIMEOUT' in opts:
        return int(opts['CURLOPT_TIMEOUT']) * 1000
    setting = plpy.execute("select current_setting('http.timeout_msec', true) as v")[0]['v']
    return int(setting) if setting else 5000

method = (request['method'] or 'GET').upper()
uri = request['uri']
if not uri:
    plpy.error('http: the request has no uri')
headers = {}
for header in request['headers'] or []:
    if header and header['field']:
        headers[header['field']] = header['value'] or ''
if request['content_type']:
    headers['Content-Type'] = request['content_type']
body = request['content'].encode('utf-8') if request['content'] is not None else None
if body is None and method in ('POST', 'PUT', 'PATCH'):
    body = b''

timeout_ms = limit_ms()
deadline = time.monotonic() + timeout_ms / 1000.0

def remaining():
    left = deadline - time.monotonic()
    if left <= 0:
        raise socket.timeout()
    return left

def timed_out():
    plpy.error('http: %s %s timed out after %d milliseconds' % (method, uri, timeout_ms),
               hint='Raise http.timeout_msec (set http.timeout_msec = 10000) for slower servers.')

req = urllib.request.Request(uri, data=body, headers=headers, method=method)
try:
    try:
        response = urllib.request.urlopen(req, timeout=remaining())
    except urllib.error.HTTPError as error:
        response = error
    chunks = []
    if method != 'HEAD':
        while True:
            sock = getattr(getattr(getattr(response, 'fp', None), 'raw', None), '_sock', None)
            if sock is not None:
                sock.settimeout(remaining())
            chunk = response.read(65536)
            if not chunk:
                break
            chunks.append(chunk)
            remaining()
except socket.timeout:
    timed_out()
except urllib.error.URLError as error:
    if isinstance(error.reason, socket.timeout):
        timed_out()
    plpy.error('http: %s %s failed: %s' % (method, uri, error.reason))
except (OSError, ValueError) as error:
    plpy.error('http: %s %s failed: %s' % (method, uri, error))

raw = b''.join(chunks)
charset = response.headers.get_content_charset() or 'utf-8'
try:
    content = raw.decode(charset)
except (LookupError, UnicodeDecodeError):
    content = raw.decode('utf-8', errors='replace')
content = content.replace('\x00', '')
return {
    'status': response.status if hasattr(response, 'status') else response.code,
    'content_type': response.headers.get('Content-Type'),
    'headers': [{'field': name, 'value': value} for name, value in response.headers.items()],
    'content': content,
}
$py$;

create function http_get(uri varchar) returns http_response
  language sql
  as $$ select @extschema@.http(('GET', $1, null, null, null)::@extschema@.http_request) $$;

create function http_get(uri varchar, data jsonb) returns http_response
  language sql
  as $$ select @extschema@.http(('GET', $1 || '?' || @extschema@.urlencode($2), null, null, null)::@extschema@.http_request) $$;

create function http_post(uri varchar, content varchar, content_type varchar) returns http_response
  language sql
  as $$ select @extschema@.http(('POST', $1, null, $3, $2)::@extschema@.http_request) $$;

create function http_post(uri varchar, data jsonb) returns http_response
  language sql
  as $$ select @extschema@.http(('POST', $1, null, 'application/x-www-form-urlencoded', @extschema@.urlencode($2))::@extschema@.http_request) $$;

create function http_put(uri varchar, content varchar, content_type varchar) returns http_response
  language sql
  as $$ select @extschema@.http(('PUT', $1, null, $3, $2)::@extschema@.http_request) $$;

create function http_patch(uri varchar, content varchar, content_type varchar) returns http_response
  language sql
  as $$ select @extschema@.http(('PATCH', $1, null, $3, $2)::@extschema@.http_request) $$;

create function http_delete(uri varchar) returns http_response
  language sql
  as $$ select @extschema@.http(('DELETE', $1, null, null, null)::@extschema@.http_request) $$;

create function http_delete(uri varchar, content varchar, content_type varchar) returns http_response
  language sql
  as $$ select @extschema@.http(('DELETE', $1, null, $3, $2)::@extschema@.http_request) $$;

create function http_head(uri varchar) returns http_response
  language sql
  as $$ select @extschema@.http(('HEAD', $1, null, null, null)::@extschema@.http_request) $$;

-- Percent-encoding as curl_easy_escape does it: everything but letters, digits and -._~.
create function urlencode(string varchar) returns text
  language http_plpython immutable strict
  as $py$
from urllib.parse import quote
return quote(string, safe='')
$py$;

create function urlencode(string bytea) returns text
  language http_plpython immutable strict
  as $py$
from urllib.parse import quote_from_bytes
return quote_from_bytes(string, safe='')
$py$;

-- A JSON object as a query string: key=value pairs, strings as they are, other values as JSON.
create function urlencode(data jsonb) returns text
  language http_plpython immutable strict
  as $py$
import json
from urllib.parse import quote
parsed = json.loads(data)
if not isinstance(parsed, dict):
    plpy.error('urlencode: expected a JSON object, got %s' % data)
def text(value):
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return 'true' if value else 'false'
    if value is None:
        return ''
    return json.dumps(value, separators=(',', ':'))
return '&'.join('%s=%s' % (quote(key, safe=''), quote(text(value), safe='')) for key, value in parsed.items())
$py$;
