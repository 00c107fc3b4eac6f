/**
 * Turns a PostgreSQL error raised by a script into one readable message: the server's words, its
 * SQLSTATE, and the line of the script it points at. A missing extension is named outright,
 * since on the native runtime it is the most likely failure and the fix is specific.
 */
import { lineAt } from './sql-scan.js';

interface PgErrorFields {
  message?: string;
  severity?: string;
  code?: string;
  position?: string;
  detail?: string;
  hint?: string;
}

/** `ERROR: <message> (SQLSTATE <code>)`, plus detail, hint and `At line <n>: <text>` when known. */
export function describeSqlError(err: unknown, sql?: string): string {
  const e = (err ?? {}) as PgErrorFields;
  const message = e.message ?? String(err);
  if (!e.code) return message;
  const missing = missingExtension(err);
  const lines = [
    missing
      ? // Said once: the server's own words (`extension "x" is not available`) would repeat the name.
        `extension "${missing}" is not available on the native runtime (SQLSTATE ${e.code})`
      : `${e.severity ?? 'ERROR'}: ${message} (SQLSTATE ${e.code})`,
  ];
  // For a missing extension the server's detail and hint repeat the name and a fix that does not
  // apply here; the suggestion says what to do on this runtime.
  if (e.detail && !missing) lines.push(`DETAIL: ${e.detail}`);
  if (e.hint && !missing) lines.push(`HINT: ${e.hint}`);
  if (sql !== undefined && e.position) {
    const line = lineAt(sql, Number(e.position));
    lines.push(`At line ${line}: ${(sql.split('\n')[line - 1] ?? '').trim()}`);
  }
  return lines.join('\n');
}

/**
 * The name of the extension a CREATE EXTENSION could not find, if that is what failed.
 * PostgreSQL 15 says `could not open extension control file ".../<name>.control"`; newer
 * versions say `extension "<name>" is not available`.
 */
export function missingExtension(err: unknown): string | undefined {
  const message = (err as PgErrorFields | undefined)?.message ?? '';
  const control = /extension control file "[^"]*\/([^/"]+)\.control": No such file/.exec(message);
  if (control) return control[1];
  return /^extension "([^"]+)" is not available/.exec(message)?.[1];
}

/** Debian's package for each extension it packages for PostgreSQL 15 (of those the platform offers). */
const DEBIAN_PACKAGES: Readonly<Record<string, string>> = {
  pgtap: 'postgresql-15-pgtap',
  plpgsql_check: 'postgresql-15-plpgsql-check',
  pg_cron: 'postgresql-15-cron',
  postgis: 'postgresql-15-postgis-3',
  postgis_raster: 'postgresql-15-postgis-3',
  postgis_topology: 'postgresql-15-postgis-3',
  postgis_tiger_geocoder: 'postgresql-15-postgis-3',
  address_standardizer: 'postgresql-15-postgis-3',
  pgrouting: 'postgresql-15-pgrouting',
  hypopg: 'postgresql-15-hypopg',
  pgaudit: 'postgresql-15-pgaudit',
  pg_repack: 'postgresql-15-repack',
  rum: 'postgresql-15-rum',
  orafce: 'postgresql-15-orafce',
  pg_partman: 'postgresql-15-partman',
};

/**
 * Our extensions written in C (native-extensions/<name>/src): they are missing only where the
 * native runtime could not compile them.
 */
const COMPILED_HERE: ReadonlySet<string> = new Set(['vector']);

/** The Debian packages that give a machine what tasks/native/own-modules.ts needs to compile them. */
const BUILD_PACKAGES = 'gcc postgresql-server-dev-15';

/** The suggestion for a missing extension on the native runtime: the package when there is one. */
export function missingExtensionSuggestion(name: string): string {
  const docker = 'run the stack on Docker (SUPABASE_RUNTIME=docker), whose database image ships the platform\'s extensions';
  if (COMPILED_HERE.has(name)) {
    return `The native runtime compiles "${name}" on this machine and needs a C compiler and PostgreSQL 15's server headers: install them with apt-get install ${BUILD_PACKAGES}, or ${docker}.`;
  }
  const debian = DEBIAN_PACKAGES[name];
  return debian
    ? `Install it with apt-get install ${debian}, or ${docker}.`
    : `"${name}" has no PostgreSQL 15 package for this machine: ${docker}.`;
}

/**
 * The suggestion for a module the server could not load. The native runtime's http extension
 * runs on PL/Python; the embedded PostgreSQL distribution's plpython3.so needs Python 3.6's
 * library, so the way is the system's PostgreSQL 15 with Debian's PL/Python package.
 */
export function unloadableModuleSuggestion(err: unknown): string | undefined {
  const message = (err as PgErrorFields | undefined)?.message ?? '';
  if (!/could not load library "[^"]*\/plpython3\.so"/.test(message)) return undefined;
  return (
    'PL/Python (used by the native runtime\'s http extension) cannot load with these PostgreSQL binaries: install the system\'s ' +
    'PostgreSQL 15 with it (apt-get install postgresql-15 postgresql-plpython3-15), which the native runtime then uses, ' +
    'or run the stack on Docker (SUPABASE_RUNTIME=docker).'
  );
}
