/**
 * The REST SQL builder's entry: one request (RestRequest) and the schema cache in, the one
 * statement it runs out, answering the single row of StatementResult. Our implementation of how
 * PostgREST v12.0.1 plans and writes its statements (Plan.hs, QueryBuilder.hs, Statements.hs):
 * the request's rows go into the `pgrst_source` CTE (a SELECT, a mutation with RETURNING or a
 * function call), and the outer SELECT aggregates the response body in the database (a JSON
 * array, one object, CSV text or a GeoJSON FeatureCollection) beside the counts and the response GUCs.
 */
import { restError } from '../../common/api-error.js';
import type { RestRequest, ResponseMedia, Statement } from '../rest-request.js';
import { qualifiedKey, type Routine, type SchemaCache } from '../schema-types.js';
import { argumentsJson, callSql, returnsScalar } from './call-sql.js';
import { findRoutine } from './find-routine.js';
import { mutateSql, returnings } from './mutate-sql.js';
import { readPlan } from './read-plan.js';
import { countSql, readSql } from './read-sql.js';
import { literal, Params } from './sql-text.js';

export interface BuildOptions {
  /** `[api] max_rows`: at most this many rows per level of a read or call. */
  maxRows?: number;
}

const HEADERS = "nullif(current_setting('response.headers', true), '')";
const STATUS = "nullif(current_setting('response.status', true), '')";

/** The response body of `_postgrest_t`'s rows in `media`, as PostgREST's handlers aggregate it. */
function bodySql(media: ResponseMedia, routine?: Routine): string {
  if (media === 'csv') {
    const header = "(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text as k FROM ( SELECT row_to_json(hh) as r from pgrst_source as hh limit 1) s) a)";
    const rows = "coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), '\n'), '')";
    return `${header} || '\n' || ${rows}`;
  }
  // PostGIS's own GeoJSON of each row, gathered into one FeatureCollection; without PostGIS the
  // function is missing and the database says so, as it does to PostgREST.
  if (media === 'geojson') return "json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(_postgrest_t)::json), '[]'))::text";
  const scalar = routine !== undefined && returnsScalar(routine);
  const value = scalar ? '_postgrest_t.pgrst_scalar' : '_postgrest_t';
  const single = media === 'object' || (routine !== undefined && !routine.returns.setOf);
  return single ? `coalesce(json_agg(${value})->0, 'null')::text` : `coalesce(json_agg(${value}), '[]')::text`;
}

/** The statement answering `request`, every value of it a bind parameter. */
export function buildStatement(request: RestRequest, cache: SchemaCache, options: BuildOptions = {}): Statement {
  const params = new Params();
  const count = request.preferences.count;

  if (request.action === 'read') {
    const plan = readPlan(request.query.read, request.target, cache, { mutation: false, fromSource: false, rootRange: request.range, maxRows: options.maxRows });
    const select = readSql(plan, params);
    const counted = count === undefined ? '' : countSql(plan, params);
    // An estimate first counts exactly up to max_rows + 1: only past max_rows is the planner asked.
    const limited = count === 'estimated' && options.maxRows !== undefined ? `${counted} LIMIT ${options.maxRows + 1}` : counted;
    const body = request.headOnly ? 'NULL' : bodySql(request.media);
    const text = `WITH pgrst_source AS ( ${select} )${count === undefined ? '' : `, pgrst_source_count AS (${limited})`} `
      + `SELECT ${count === undefined ? 'null' : '(SELECT pg_catalog.count(*) FROM pgrst_source_count)'}::text AS total_result_set, `
      + `pg_catalog.count(_postgrest_t)::text AS page_total, ${body} AS body, NULL::text AS location, `
      + `${HEADERS} AS response_headers, ${STATUS} AS response_status, NULL::text AS response_inserted `
      + 'FROM ( SELECT * FROM pgrst_source ) _postgrest_t';
    return withCountPlan({ text, values: params.values }, count, () => {
      const own = new Params();
      return { text: countSql(plan, own), values: own.values };
    });
  }

  if (request.action === 'call') {
    const args = request.method === 'POST'
      ? request.payload ?? { json: '{}', columns: [], array: false }
      : undefined;
    const keys = args?.columns ?? [...new Set(request.query.rpcArgs.map(([key]) => key))];
    const routine = findRoutine(cache, request.target, { keys, singleObject: request.preferences.params === 'single-object', post: request.method === 'POST' });
    const payload = args ?? argumentsJson(routine, request.query.rpcArgs);
    const relation = { schema: routine.schema, name: routine.returns.relation?.name ?? routine.name };
    const plan = readPlan(request.query.read, relation, cache, { mutation: false, fromSource: true, rootRange: request.range, maxRows: options.maxRows });
    const needed = plan.select.some((item) => item.kind === 'star') || plan.children.some((c) => c.relationship?.kind === 'computed')
      ? ['*'] : [];
    const call = callSql(routine, payload, request.preferences.params === 'single-object', needed, params);
    const select = readSql(plan, params);
    const counted = count === undefined ? '' : countSql(plan, params);
    const body = request.method === 'HEAD' ? 'NULL' : bodySql(request.media, routine);
    const text = `WITH pgrst_source AS (${call})${count === undefined ? '' : `, pgrst_source_count AS (${counted})`} `
      + `SELECT ${count === undefined ? 'null' : '(SELECT pg_catalog.count(*) FROM pgrst_source_count)'}::text AS total_result_set, `
      + `${routine.returns.setOf ? 'pg_catalog.count(_postgrest_t)' : '1'}::text AS page_total, ${body} AS body, NULL::text AS location, `
      + `${HEADERS} AS response_headers, ${STATUS} AS response_status, NULL::text AS response_inserted `
      + `FROM (${select}) _postgrest_t`;
    // PostgREST counts a call's rows exactly whichever count is asked (it explains reads only).
    return { text, values: params.values };
  }

  const table = cache.tables.get(qualifiedKey(request.target));
  // PostgREST plans writes from the cache; a relation it lacks is what the database would say.
  if (table === undefined) throw restError(404, '42P01', `relation "${request.target.schema}.${request.target.name}" does not exist`);
  const plan = readPlan(request.query.read, request.target, cache, { mutation: true, fromSource: true, rootRange: { offset: 0 } });
  const mutation = mutateSql(request, table, plan, params);
  const representation = request.preferences.return === 'representation';
  const select = representation ? readSql(plan, params) : 'SELECT * FROM pgrst_source';
  const insert = request.action === 'insert' || request.action === 'put';
  const upsert = insert && (request.action === 'put' || request.preferences.resolution === 'merge-duplicates');
  const location = insert && request.preferences.return === 'headers-only'
    ? `CASE WHEN pg_catalog.count(_postgrest_t) = 1 THEN nullif(${locationSql(table.primaryKey, returnings(request, plan, table.primaryKey))}, '') END`
    : 'NULL::text';
  const text = `WITH pgrst_source AS (${mutation}) `
    + `SELECT NULL::text AS total_result_set, pg_catalog.count(_postgrest_t)::text AS page_total, `
    + `${representation ? bodySql(request.media) : 'NULL'} AS body, ${location} AS location, `
    + `${HEADERS} AS response_headers, ${STATUS} AS response_status, `
    + `${upsert ? "nullif(current_setting('pgrst.inserted', true), '')" : 'NULL::text'} AS response_inserted `
    + `FROM (${select}) _postgrest_t`;
  return { text, values: params.values };
}

/** `id=eq.7&lang=eq.en` from the first written row's key columns (`is.null` for a null one). */
function locationSql(primaryKey: string[], returned: string[]): string {
  if (primaryKey.length === 0 || returned.length === 0) return "''";
  return '(SELECT string_agg(json_data.key || \'=\' || coalesce(\'eq.\' || json_data.value, \'is.null\'), \'&\') '
    + 'FROM (SELECT row_to_json(_) AS row FROM pgrst_source AS _ LIMIT 1) data CROSS JOIN json_each_text(data.row) AS json_data '
    + `WHERE json_data.key IN (${primaryKey.map(literal).join(', ')}))`;
}

/** Adds the EXPLAIN of the count query (with its own parameters) for a planned or estimated count. */
function withCountPlan(statement: Statement, count: RestRequest['preferences']['count'], counted: () => Statement): Statement {
  if (count !== 'planned' && count !== 'estimated') return statement;
  const query = counted();
  return { ...statement, countPlan: { text: `EXPLAIN (FORMAT JSON) ${query.text}`, values: query.values } };
}
