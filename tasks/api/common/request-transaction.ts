/**
 * One request, one transaction, as PostgREST v12 runs it (and as the platform runs every API
 * request): a pooled connection, BEGIN (read only for reads), then in one `select` the
 * transaction-local settings PostgREST sets (search_path, role, request.jwt.claims,
 * request.method, request.path, request.headers, request.cookies) so that row level security,
 * auth.uid(), auth.role() and auth.jwt() see the request; then the statement, the caller's checks
 * on its row, and COMMIT, or ROLLBACK when a check refuses the row or the request asked for it
 * (`Prefer: tx=rollback`). Whatever fails, the connection goes back clean or is thrown away, so a
 * failed request never leaves anything behind for the next one.
 */
import type pg from 'pg';
import { ApiError } from './api-error.js';
import { inlineParameters } from './inline-parameters.js';
import type { AuthResult } from './jwt.js';

export interface RequestContext {
  auth: AuthResult;
  /** The schema the request targets, first on the search_path. */
  schema: string;
  /** `[api] extra_search_path`, after it. */
  extraSearchPath: string[];
  method: string;
  /** The path as PostgREST sees it (`/todos`, `/rpc/f`): after the gateway's `/rest/v1`. */
  path: string;
  /** The request's headers but Cookie, names lower-cased. */
  headers: Record<string, string>;
  cookies: Record<string, string>;
}

export interface TransactionOptions {
  readOnly: boolean;
  /** Roll back even when everything succeeded (`Prefer: tx=rollback`). */
  rollback: boolean;
}

/** A statement's text and its parameters. */
export interface SqlStatement {
  text: string;
  values: unknown[];
}

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** How many settings localSettings makes. */
const SETTING_COUNT = 7;

/**
 * The query setting them: set_config answers each value back, the request's headers among them,
 * which nobody reads, so they are called in a subquery whose row the outer select answers with no
 * column (a volatile call is never dropped from a subquery's output). The same for every request.
 */
const SETTINGS_TEXT = `select from (select ${Array.from({ length: SETTING_COUNT }, (_, index) => `set_config($${index * 2 + 1}, $${index * 2 + 2}, true)`).join(', ')}) settings`;

/** The settings PostgREST makes local to the transaction, in its order (role settings before the role). */
export function localSettings(context: RequestContext): SqlStatement {
  const settings: Array<[string, string]> = [
    ['search_path', [context.schema, ...context.extraSearchPath].map(quoteIdent).join(', ')],
    ['role', context.auth.role],
    ['request.jwt.claims', JSON.stringify(context.auth.claims)],
    ['request.method', context.method],
    ['request.path', context.path],
    ['request.headers', JSON.stringify(context.headers)],
    ['request.cookies', JSON.stringify(context.cookies)],
  ];
  return { text: SETTINGS_TEXT, values: settings.flat() };
}

/** The Cookie header's pairs, as PostgREST reads them into request.cookies. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    cookies[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return cookies;
}

/**
 * Texts of frozen statements with their values inlined, kept as long as the statement lives: one
 * that is run again (REST remembers a read's and freezes it, rest/http/statement-memo.ts) is
 * inlined once. Frozen (its values too), it cannot change under its text; the escape is the
 * driver's, the same pure function on every client. A statement built for one request is not
 * kept: an entry per request would only give the collector more to trace.
 */
const inlinedTexts = new WeakMap<SqlStatement, string>();

function inlinedText(statement: SqlStatement, escape: (text: string) => string): string {
  if (!Object.isFrozen(statement) || !Object.isFrozen(statement.values)) return inlineParameters(statement.text, statement.values, escape);
  let text = inlinedTexts.get(statement);
  if (text === undefined) inlinedTexts.set(statement, (text = inlineParameters(statement.text, statement.values, escape)));
  return text;
}

/** An error the server answered with (it has a SQLSTATE), as against the connection failing. */
function isServerError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'severity' in error && typeof (error as { code?: unknown }).code === 'string';
}

/** Runs one more statement in the request's transaction (as the request's role, with its settings). */
export type TransactionQuery = (statement: SqlStatement) => Promise<pg.QueryResult>;

/**
 * Runs `statement` for a request and hands its first row to `check` before committing; an error
 * thrown by `check` (or by the database) rolls the transaction back and is thrown on. `amend`, after
 * the check, may run more statements in the same transaction and answer the row changed (PostgREST
 * plans its planned counts there). The row is answered even when `options.rollback` undoes what it did.
 *
 * Round trips are the cost of a request (the statement itself is one), so the BEGIN, the settings
 * and the statement go in one simple query, the values inlined as literals (inline-parameters.ts).
 * The transaction ends in that same query when nothing can come between the statement and its end:
 * a read-only one (nothing to keep or undo whatever the check says) or a write without a check,
 * unless `amend` needs it open. A write whose row is checked ends after the check, in a second one.
 * A statement that fails skips the rest of the query, its end included, and is rolled back as before.
 */
export async function runRequestTransaction<Row extends pg.QueryResultRow>(
  pool: pg.Pool,
  context: RequestContext,
  statement: SqlStatement,
  options: TransactionOptions,
  check?: (row: Row | undefined) => void,
  amend?: (row: Row | undefined, query: TransactionQuery) => Promise<Row | undefined>,
): Promise<Row | undefined> {
  const client = await pool.connect();
  // Deferred constraints are checked before a rollback, so a request that would fail on commit still fails.
  const end = options.rollback ? 'set constraints all immediate; rollback' : 'commit';
  // A NUL cannot travel in a simple query's text (it would end it): such a statement is bound
  // instead, so the server refuses the value as it refuses it as a parameter.
  const bound = statement.values.some((value) => typeof value === 'string' && value.includes('\u0000'));
  const endsAtOnce = (options.readOnly || check === undefined) && amend === undefined && !bound;
  // Open from the moment the BEGIN is sent: whatever fails after it must roll back.
  let open = true;
  try {
    const escape = (text: string) => client.escapeLiteral(text);
    const settings = localSettings(context);
    const script = [
      options.readOnly ? 'begin isolation level read committed read only' : 'begin isolation level read committed read write',
      inlineParameters(settings.text, settings.values, escape),
      ...(bound ? [] : [inlinedText(statement, escape)]),
      ...(endsAtOnce ? [end] : []),
    ];
    const results = (await client.query(script.join('; '))) as unknown as Array<pg.QueryResult<Row>>;
    if (endsAtOnce) open = false;
    const first = bound ? (await client.query<Row>(statement.text, statement.values)).rows[0] : results[2].rows[0];
    check?.(first);
    const row = amend ? await amend(first, (next) => client.query(next.text, next.values)) : first;
    if (open) {
      await client.query(end);
      open = false;
    }
    client.release();
    return row;
  } catch (error) {
    // An error neither the server nor a check raised (a dropped connection) leaves the client unusable.
    let broken: Error | undefined = isServerError(error) || error instanceof ApiError ? undefined : (error as Error);
    if (open && !broken) await client.query('rollback').catch((rollbackError: Error) => { broken = rollbackError; });
    // A connection that cannot even roll back is destroyed rather than lent to the next request.
    client.release(broken);
    throw error;
  }
}
