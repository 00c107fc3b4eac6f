/**
 * A write's or a call's body as PostgREST v12.0.1 accepts it (ApiRequest.getPayload): JSON (one
 * object, or an array of objects that all have the same keys), CSV with a header line (`NULL` is
 * null), or a form (`application/x-www-form-urlencoded`, every value text). With `columns=` the
 * JSON is passed on unread and those columns are the ones used. Anything else is 400 PGRST102.
 */
import { restError } from '../../common/api-error.js';
import type { Payload } from '../rest-request.js';

const invalidBody = (message: string) => restError(400, 'PGRST102', message);

/** The media type of a Content-Type header without its parameters (missing: JSON, as PostgREST assumes). */
export function contentMediaType(header: string | undefined): string {
  const type = header?.split(';')[0].trim().toLowerCase();
  return type ? type : 'application/json';
}

/** Objects with the same keys: their keys; otherwise undefined. Non-objects give none. */
function uniformKeys(value: unknown): { columns: string[]; array: boolean } | undefined {
  if (Array.isArray(value)) {
    if (value.length === 0) return { columns: [], array: true };
    const isObject = (item: unknown): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item);
    if (!isObject(value[0])) return undefined;
    const columns = Object.keys(value[0]);
    const key = [...columns].sort().join('\u0000');
    const same = value.every((item) => isObject(item) && Object.keys(item).length === columns.length && [...Object.keys(item)].sort().join('\u0000') === key);
    return same ? { columns, array: true } : undefined;
  }
  if (typeof value === 'object' && value !== null) return { columns: Object.keys(value), array: false };
  return { columns: [], array: true };
}

/** One CSV record per line, RFC 4180 quoting (`""` inside quotes is a quote). */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') { field += '"'; at++; } else if (char === '"') quoted = false; else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') { record.push(field); field = ''; } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) { record.push(field); records.push(record); }
  return records;
}

function csvPayload(text: string): Payload {
  const [header = [], ...rows] = csvRecords(text);
  if (rows.some((row) => row.length !== header.length)) throw invalidBody('All lines must have same number of fields');
  const objects = rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] === 'NULL' ? null : row[index]])));
  return { json: JSON.stringify(objects), columns: rows.length > 0 ? header : [], array: true };
}

/**
 * The checked payload of a body. `columns` is the query's `columns=`; `rpc` says the body is a
 * function's arguments (an empty body is then no arguments).
 */
export function parsePayload(body: string, contentType: string | undefined, columns: string[] | undefined, rpc: boolean): Payload {
  const type = contentMediaType(contentType);
  if (type === 'application/json') {
    if (columns) return { json: body, columns, array: body.trimStart().startsWith('[') };
    if (body.trim() === '' && rpc) return { json: '{}', columns: [], array: false };
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      throw invalidBody('Empty or invalid json');
    }
    const keys = uniformKeys(value);
    if (!keys) throw invalidBody('All object keys must match');
    const scalar = typeof value !== 'object' || value === null;
    return { json: scalar ? '[]' : body, columns: keys.columns, array: keys.array };
  }
  if (type === 'text/csv') return csvPayload(body);
  if (type === 'application/x-www-form-urlencoded') {
    const object = Object.fromEntries(new URLSearchParams(body));
    return { json: JSON.stringify(object), columns: Object.keys(object), array: false };
  }
  throw invalidBody(`Content-Type not acceptable: ${type}`);
}
