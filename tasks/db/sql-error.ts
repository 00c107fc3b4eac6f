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
      ? `extension "${missing}" is not available on the native runtime: ${message} (SQLSTATE ${e.code})`
      : `${e.severity ?? 'ERROR'}: ${message} (SQLSTATE ${e.code})`,
  ];
  if (e.detail) lines.push(`DETAIL: ${e.detail}`);
  if (e.hint) lines.push(`HINT: ${e.hint}`);
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

/** The suggestion for a missing extension on the native runtime. */
export function missingExtensionSuggestion(name: string): string {
  return `Install the PostgreSQL 15 package of "${name}" on this machine (for example apt-get install postgresql-15-${name}), or run the stack on Docker with SUPABASE_RUNTIME=docker.`;
}
