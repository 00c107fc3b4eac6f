/**
 * Sizes as people read them, in Storage's own decimal units (its `5MB` limit is 5,000,000 bytes,
 * so a bucket created with `1MB` shows `1 MB`), and the signed URLs' expiries offered: a fixed
 * list rather than a free number, so a choice is one key.
 */

/** `1500` -> `1.5 KB`; bytes under a kilobyte stay exact. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
}

/** The expiries a signed URL may be made with, in seconds. */
export const EXPIRIES: ReadonlyArray<{ label: string; seconds: number }> = [
  { label: '1 minute', seconds: 60 },
  { label: '1 hour', seconds: 3600 },
  { label: '1 day', seconds: 86_400 },
  { label: '1 week', seconds: 604_800 },
  { label: '30 days', seconds: 2_592_000 },
  { label: '1 year', seconds: 31_536_000 },
];
