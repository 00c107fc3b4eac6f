/**
 * `supabase events --since`: a sequence number (the events after it), a UTC time (the events
 * recorded at or after it) or a duration (that long ago). Both sequence numbers and times only
 * grow down the journal, so either becomes a point to seek to.
 */
import { UsageError } from '../errors.js';
import type { JournalEvent } from '../../machines/journal/journal-event.js';

/** Where `--since` starts the listing. */
export type Since = { afterSeq: number; fromTime?: undefined } | { afterSeq?: undefined; fromTime: string };

const SEQUENCE = /^\d+$/;
const DURATION = /^(\d+)(s|m|h|d)$/;
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
/** A date, or a date and time (`T` or a space between them, as the table prints it), with an optional zone. */
const TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Reads the flag's value; a usage error says what it accepts. */
export function parseSince(value: string, now: Date = new Date()): Since {
  const text = value.trim();
  if (SEQUENCE.test(text)) return { afterSeq: Number(text) };
  const duration = DURATION.exec(text);
  if (duration) return { fromTime: new Date(now.getTime() - Number(duration[1]) * UNIT_MS[duration[2]]).toISOString() };
  const time = TIME.exec(text);
  // The journal's times are UTC, and so are the ones `events` prints: a time without a zone is too.
  const parsed = time ? new Date(`${time[1]}T${time[2] ?? '00:00'}${time[3] ?? 'Z'}`) : undefined;
  // Date rolls a day past the month's end into the next month (2024-02-30 as March 1): refused.
  if (!parsed || Number.isNaN(parsed.getTime()) || !time || !isCalendarDay(time[1])) {
    throw new UsageError(
      `invalid argument "${value}" for "--since" flag: not a sequence number, a time or a duration`,
      'Give a sequence number (120), a UTC time (2024-05-01 or 2024-05-01T12:00:00Z) or a duration (90s, 15m, 2h, 7d).',
    );
  }
  return { fromTime: parsed.toISOString() };
}

/** Whether a YYYY-MM-DD date is a day of the calendar, not one past its month's end. */
function isCalendarDay(date: string): boolean {
  const day = new Date(`${date}T00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(date);
}

/** Whether an event is at or past the point: false for the events before it, then true. */
export function sinceTest(since: Since): (event: JournalEvent) => boolean {
  if (since.afterSeq !== undefined) {
    const after = since.afterSeq;
    return (event) => event.seq > after;
  }
  const from = since.fromTime;
  // ISO 8601 UTC times of one length sort as text in time order.
  return (event) => event.time >= from;
}

/** The point in words, for "No events recorded since ...". */
export function describeSince(since: Since): string {
  return since.afterSeq !== undefined ? `after event ${since.afterSeq}` : `since ${since.fromTime.replace('T', ' ').replace(/\.000Z$/, 'Z')}`;
}
