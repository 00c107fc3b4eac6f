/**
 * What a request's SQL may say about its own response, as PostgREST v12.0.1 honours it: a
 * `response.status` setting replaces the status, a `response.headers` setting (a JSON array of
 * one-key objects with string values) adds headers and replaces PostgREST's own of the same name.
 * Anything else there is PostgREST's 500 (PGRST112, PGRST111).
 */
import { restError } from '../../common/api-error.js';

export function gucStatus(value: string | null, status: number): number {
  if (value === null || value === '') return status;
  const match = /^\d+/.exec(value);
  const parsed = match ? Number(match[0]) : NaN;
  if (!(parsed >= 100 && parsed <= 999)) throw restError(500, 'PGRST112', 'response.status guc must be a valid status code');
  return parsed;
}

export function gucHeaders(value: string | null, headers: Record<string, string>): Record<string, string> {
  if (value === null || value === '') return headers;
  const invalid = () => restError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value');
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed)) throw invalid();
  const added: Record<string, string> = {};
  for (const item of parsed) {
    const entries = typeof item === 'object' && item !== null && !Array.isArray(item) ? Object.entries(item as Record<string, unknown>) : [];
    if (entries.length !== 1 || typeof entries[0][1] !== 'string') throw invalid();
    added[entries[0][0]] = entries[0][1] as string;
  }
  const lowered = new Set(Object.keys(added).map((name) => name.toLowerCase()));
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !lowered.has(name.toLowerCase())));
  return { ...kept, ...added };
}
