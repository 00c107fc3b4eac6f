/**
 * One REST request from HTTP to HTTP, as PostgREST v12.0.1 goes through it: who is asking (the
 * JWT), what (the path: the root's OpenAPI document, a relation, `rpc/<fn>`), in which schema
 * (the profile headers), how (the query string, Range, Prefer, Accept, the body), then the one
 * statement the SQL builder makes of it, run in the request's transaction with PostgREST's
 * checks, and the response its kind gets. Every refusal is an ApiError with PostgREST's body.
 */
import type pg from 'pg';
import { restError } from '../../common/api-error.js';
import { authenticate, type AuthResult } from '../../common/jwt.js';
import { parseCookies, runRequestTransaction, type RequestContext, type TransactionQuery } from '../../common/request-transaction.js';
import type { ApiSettings } from '../../gateway/api-service.js';
import type { CountMethod, RestRequest, Statement, StatementResult } from '../rest-request.js';
import { qualifiedKey, type SchemaCache } from '../schema-types.js';
import { contentTypeOf, negotiateMedia, OBJECT_CONTENT_TYPE } from './media.js';
import { parsePayload } from './payload.js';
import { restErrorOf } from './pg-error.js';
import { parsePrefer } from './prefer.js';
import { chooseProfile } from './profile.js';
import { requestRange } from './range.js';
import type { RestParts } from './rest-parts.js';
import { restResponse, type RestResponse } from './respond.js';
import { plannedReadKey, rememberedRead, rememberRead } from './statement-memo.js';

export interface HttpInput {
  method: string;
  /** The path after `/rest/v1`, without its leading slash (`todos`, `rpc/f`, ``). */
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RestState {
  parts: RestParts;
  settings: ApiSettings;
  pool: pg.Pool;
  secret: Uint8Array;
  cache(): SchemaCache;
}

const header = (headers: HttpInput['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** Request headers as request.headers holds them: lower-cased names, Cookie left out. */
function headerSetting(headers: HttpInput['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (name !== 'cookie' && value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** PostgREST's checks on the statement's row before commit (PGRST116, PGRST115, PGRST110). */
function checkRow(request: RestRequest, row: StatementResult | undefined): void {
  const total = Number(row?.page_total ?? 0);
  if (request.media === 'object' && total !== 1) {
    throw restError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${total} rows`, null, { 'Content-Type': OBJECT_CONTENT_TYPE });
  }
  if (request.action === 'put' && total !== 1) throw restError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
  const limit = request.range.limit;
  if ((request.action === 'update' || request.action === 'delete') && limit !== undefined && total > limit) {
    throw restError(400, 'PGRST110', 'The maximum number of rows allowed to change was surpassed', `Results contain ${total} rows changed but the maximum number allowed is ${limit}`);
  }
}

/**
 * The check a request's row gets before commit, or undefined when none of checkRow's refusals can
 * apply to it: a write with nothing to check then commits in the same round trip as its statement.
 */
function rowCheck(request: RestRequest): ((row: StatementResult | undefined) => void) | undefined {
  const limitedChange = (request.action === 'update' || request.action === 'delete') && request.range.limit !== undefined;
  if (request.media !== 'object' && request.action !== 'put' && !limitedChange) return undefined;
  return (row) => checkRow(request, row);
}

/** Whether a call's function returns void (every overload of that name does): 204 without a body. */
function returnsVoid(cache: SchemaCache, request: RestRequest): boolean {
  const overloads = cache.routines.get(qualifiedKey(request.target)) ?? [];
  return overloads.length > 0 && overloads.every((routine) => routine.returns.type === 'void');
}

/**
 * The total of `count=planned` (the planner's row estimate of the count query) and of
 * `count=estimated` (that estimate, but only once the exact count, taken up to max_rows + 1, passes
 * max_rows, and never below it), as PostgREST's resultSetWTotal decides after its checks.
 */
async function withPlannedCount<Row extends StatementResult>(row: Row | undefined, statement: Statement, count: CountMethod | undefined, maxRows: number, query: TransactionQuery): Promise<Row | undefined> {
  if (row === undefined || statement.countPlan === undefined || (count !== 'planned' && count !== 'estimated')) return row;
  const exact = Number(row.total_result_set ?? 0);
  if (count === 'estimated' && !(maxRows <= 0 || exact > maxRows)) return row;
  const result = await query(statement.countPlan);
  const plan = (result.rows[0] as Record<string, unknown> | undefined)?.['QUERY PLAN'];
  const document = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined;
  const planned = document?.[0]?.Plan?.['Plan Rows'];
  if (typeof planned !== 'number') return row;
  const total = count === 'estimated' ? Math.max(exact, planned) : planned;
  return { ...row, total_result_set: String(total) };
}

export async function handleRestRequest(input: HttpInput, state: RestState): Promise<RestResponse> {
  const { settings, parts } = state;
  const auth: AuthResult = await authenticate(header(input.headers, 'authorization'), state.secret);
  const method = input.method.toUpperCase();
  const segments = input.path.split('/').filter((segment, index, all) => segment !== '' || index < all.length - 1);
  const isRoot = segments.length === 0 || (segments.length === 1 && segments[0] === '');
  const isRpc = segments.length === 2 && segments[0] === 'rpc';
  if (!isRoot && !isRpc && segments.length !== 1) throw restError(404, '', '');
  if (isRpc && !['GET', 'HEAD', 'POST', 'OPTIONS'].includes(method)) throw restError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
  if (!['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(method)) throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  const profile = chooseProfile(method, input.headers, settings.schemas);
  const cache = state.cache();

  if (isRoot) {
    if (method !== 'GET' && method !== 'HEAD') throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    const media = negotiateMedia(header(input.headers, 'accept'), true);
    const headers: Record<string, string> = { 'Content-Type': contentTypeOf(media) };
    if (profile.negotiated) headers['Content-Profile'] = profile.schema;
    return { status: 200, headers, body: method === 'HEAD' ? '' : parts.openApi(cache, profile.schema, settings) };
  }

  const name = decode(isRpc ? segments[1] : segments[0]);
  const rpcRead = isRpc && (method === 'GET' || method === 'HEAD');
  // A GET or HEAD is planned from its request line and headers alone (statement-memo.ts); an
  // absent header is a NUL, which no header value holds.
  const memoKey = method === 'GET' || method === 'HEAD'
    ? plannedReadKey([method, input.path, input.query, profile.schema, ...['prefer', 'accept', 'range'].map((name) => header(input.headers, name) ?? '\u0000')])
    : undefined;
  const remembered = memoKey === undefined ? undefined : rememberedRead(cache, memoKey);
  const query = remembered?.query ?? parts.parseQuery(input.query, rpcRead);
  const range = remembered?.range ?? requestRange(method, header(input.headers, 'range'), query);
  const preferences = parsePrefer(input.headers.prefer);
  const media = negotiateMedia(header(input.headers, 'accept'), false);
  const base = { target: { schema: profile.schema, name }, query, preferences, media: media.media, range };
  const withPayload = () => parsePayload(input.body, header(input.headers, 'content-type'), query.columns, isRpc);
  let request: RestRequest;
  if (isRpc) request = { ...base, action: 'call', method: method as 'GET' | 'HEAD' | 'POST', payload: method === 'POST' ? withPayload() : undefined };
  else if (method === 'GET' || method === 'HEAD') request = { ...base, action: 'read', headOnly: method === 'HEAD' };
  else if (method === 'POST') request = { ...base, action: 'insert', payload: withPayload() };
  else if (method === 'PUT') request = { ...base, action: 'put', payload: withPayload() };
  else if (method === 'PATCH') request = { ...base, action: 'update', payload: withPayload() };
  else request = { ...base, action: 'delete' };

  // max_rows caps what a read answers (PostgREST's db-max-rows), not the range the status is judged by.
  const capped = settings.maxRows > 0 && (request.action === 'read' || request.action === 'call')
    ? { ...request, range: { ...range, limit: Math.min(range.limit ?? Infinity, settings.maxRows) } }
    : request;
  const statement = remembered?.statement ?? parts.buildStatement(capped, cache, settings);
  if (memoKey !== undefined && remembered === undefined) rememberRead(cache, memoKey, { query, range, statement });
  const routines = cache.routines.get(qualifiedKey(request.target)) ?? [];
  const readOnly = request.action === 'read' || (request.action === 'call' && (method !== 'POST' || routines.every((routine) => routine.volatility !== 'volatile') && routines.length > 0));
  const context: RequestContext = {
    auth, schema: profile.schema, extraSearchPath: settings.extraSearchPath, method, path: `/${input.path}`,
    headers: headerSetting(input.headers), cookies: parseCookies(header(input.headers, 'cookie')),
  };
  let row: StatementResult | undefined;
  try {
    row = await runRequestTransaction<StatementResult & Record<string, unknown>>(
      state.pool, context, statement, { readOnly, rollback: preferences.tx === 'rollback' }, rowCheck(request),
      statement.countPlan === undefined ? undefined : (result, query) => withPlannedCount(result, statement, preferences.count, settings.maxRows, query),
    );
  } catch (error) {
    throw restErrorOf(error, auth.authenticated);
  }
  const table = cache.tables.get(qualifiedKey(request.target));
  return restResponse(request, row ?? { total_result_set: null, page_total: '0', body: null, location: null, response_headers: null, response_status: null, response_inserted: null }, {
    media, profile, returnsVoid: request.action === 'call' && returnsVoid(cache, request),
    resolutionApplies: (table?.primaryKey.length ?? 0) > 0 || query.onConflict !== undefined,
  });
}
