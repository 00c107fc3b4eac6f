/**
 * libpq's keyword/value connection strings (`host=db.example.com port=5432 user=postgres
 * password='a b' dbname=postgres`), which the original accepts wherever it takes a --db-url (it
 * parses with pgx, which follows libpq). No maintained npm package parses this form (pg and
 * pg-connection-string read URLs only), so the rules are written here, from the PostgreSQL
 * documentation: settings separated by whitespace, optional spaces around `=`, values in single
 * quotes when empty or holding spaces, `\'` and `\\` escapes. The result is rebuilt as a URL,
 * the one form the rest of the tool passes around.
 */
import { UserError } from './errors.js';

const HINT = 'Write it as host=... port=... user=... password=... dbname=..., quoting a value with spaces as \'a value\'.';

/** Whether a connection string is in keyword/value form rather than a URL. */
export function isKeywordDsn(raw: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:\/\//i.test(raw.trim()) && /^\s*[A-Za-z_][A-Za-z0-9_]*\s*=/.test(raw);
}

/** The settings of a keyword/value string, in order; errors name the setting, never a value. */
export function parseKeywordDsn(raw: string): Array<[string, string]> {
  const settings: Array<[string, string]> = [];
  let at = 0;
  const skipSpaces = () => {
    while (at < raw.length && /\s/.test(raw[at]!)) at++;
  };
  for (skipSpaces(); at < raw.length; skipSpaces()) {
    const keyStart = at;
    while (at < raw.length && !/[\s=]/.test(raw[at]!)) at++;
    const key = raw.slice(keyStart, at);
    skipSpaces();
    // The word is not echoed: unquoted, it may be the rest of a password that holds a space.
    if (raw[at] !== '=') fail(`missing "=" after setting ${settings.length + 1} in connection info string (quote values that hold spaces)`);
    at++;
    skipSpaces();
    let value = '';
    if (raw[at] === "'") {
      at++;
      for (;;) {
        if (at >= raw.length) fail('unterminated quoted string in connection info string');
        const char = raw[at]!;
        if (char === '\\' && at + 1 < raw.length) {
          value += raw[at + 1];
          at += 2;
        } else if (char === "'") {
          at++;
          break;
        } else {
          value += char;
          at++;
        }
      }
    } else {
      while (at < raw.length && !/\s/.test(raw[at]!)) {
        if (raw[at] === '\\' && at + 1 < raw.length) at++;
        value += raw[at];
        at++;
      }
    }
    settings.push([key, value]);
  }
  return settings;
}

/** The URL with the same settings: host, port, user, password and dbname in place, the rest as parameters. */
export function keywordDsnToUrl(raw: string): string {
  const url = new URL('postgresql://localhost');
  const search: Array<[string, string]> = [];
  for (const [key, value] of parseKeywordDsn(raw)) {
    switch (key) {
      case 'host':
      case 'hostaddr':
        url.hostname = value.includes(':') && !value.startsWith('[') ? `[${value}]` : value;
        break;
      case 'port':
        if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65535) fail(`invalid port number: "${value}"`);
        url.port = value;
        break;
      case 'user':
        url.username = encodeURIComponent(value);
        break;
      case 'password':
        url.password = encodeURIComponent(value);
        break;
      case 'dbname':
        url.pathname = `/${encodeURIComponent(value)}`;
        break;
      default:
        search.push([key, value]);
    }
  }
  for (const [key, value] of search) url.searchParams.append(key, value);
  return url.toString();
}

function fail(reason: string): never {
  throw new UserError(`failed to parse connection string: ${reason}`, HINT);
}
