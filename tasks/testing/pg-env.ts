/** Turning a connection URL into the PG* variables that libpq's tools (psql, pg_dump) read. */

/** The libpq environment for a postgresql:// URL; the password is decoded, as libpq expects it raw. */
export function pgEnvFromUrl(connectionString: string): Record<string, string> {
  const url = new URL(connectionString);
  const env: Record<string, string> = {
    PGHOST: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username || 'postgres'),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: decodeURIComponent(url.pathname.replace(/^\//, '') || 'postgres'),
  };
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  const timeout = url.searchParams.get('connect_timeout');
  if (timeout) env.PGCONNECT_TIMEOUT = timeout;
  // The address a linked target found over DoH, and the pooler's startup options (reference=<ref>).
  const hostaddr = url.searchParams.get('hostaddr');
  if (hostaddr) env.PGHOSTADDR = hostaddr;
  const options = url.searchParams.get('options');
  if (options) env.PGOPTIONS = options;
  return env;
}
