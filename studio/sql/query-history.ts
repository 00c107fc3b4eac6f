/**
 * The SQL editor's history: the last queries run, newest first, kept in this browser's storage
 * per project (they are the user's own text; nothing leaves the machine).
 */

export interface HistoryEntry {
  sql: string;
  /** When it ran (ISO). */
  at: string;
  ok: boolean;
}

const LIMIT = 50;
const keyOf = (projectId: string) => `studio:${projectId}:sql-history`;

/** The stored history; empty when storage is unavailable or holds something else. */
export function loadHistory(projectId: string): HistoryEntry[] {
  try {
    const value = JSON.parse(localStorage.getItem(keyOf(projectId)) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as HistoryEntry[]) : [];
  } catch {
    return [];
  }
}

/** The history with `entry` first (an identical last query moves up rather than repeats), stored. */
export function recordHistory(projectId: string, history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const next = [entry, ...history.filter((item) => item.sql !== entry.sql)].slice(0, LIMIT);
  try {
    localStorage.setItem(keyOf(projectId), JSON.stringify(next));
  } catch {
    // storage full or disabled: the history lasts this page only
  }
  return next;
}
