/** Times in tables as the original shows them: RFC 3339 in, UTC `YYYY-MM-DD HH:MM:SS` out. */

/** Formats an RFC 3339 string (or epoch milliseconds) as UTC `2006-01-02 15:04:05`; text that does not parse is shown unchanged. */
export function formatTimestamp(value: string | number | undefined | null): string {
  if (value === undefined || value === null || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
