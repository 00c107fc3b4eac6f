/**
 * Timestamps as GoTrue's JSON writes them: Go's time.Time in RFC 3339 with as many fraction
 * digits as needed (`2024-01-15T10:00:00.123456Z`, `...T10:00:00Z` on a whole second). The store
 * selects them as UTC text with microseconds (SQL_TIME), since a JavaScript Date would lose the
 * microseconds PostgreSQL keeps.
 */

/** A column as UTC text with microseconds; `column` is a trusted identifier of ours. */
export const sqlTime = (column: string, alias = column.split('.').pop()!): string =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ${alias}`;

/** Go's RFC3339Nano of such a text: trailing zeros of the fraction dropped, and the dot with them. */
export function goTime(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  return text.replace(/\.(\d*?)0*Z$/, (_match, digits: string) => (digits ? `.${digits}Z` : 'Z'));
}
