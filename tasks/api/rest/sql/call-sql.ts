/**
 * An RPC call as PostgREST v12.0.1 writes it (CallPlan.hs, QueryBuilder.hs): named arguments read
 * from the JSON body by json_to_recordset and passed as `name := value` (VARIADIC for a variadic
 * one), a single unnamed json/jsonb parameter (or `params=single-object`) given the whole body,
 * and a scalar result named `pgrst_scalar` so the response can be the value itself.
 */
import type { Payload } from '../rest-request.js';
import type { Routine, RoutineParameter } from '../schema-types.js';
import { bodySql } from './body-sql.js';
import { ident, qualified, type Params } from './sql-text.js';

/** Returns neither a row type nor a set of them: the value itself is the answer. */
export const returnsScalar = (routine: Routine): boolean => !routine.returns.composite;

/**
 * The arguments of a GET (or HEAD) call as the JSON object a POST would send: each value a
 * string PostgreSQL converts to the parameter's type; a repeated variadic one an array, any other
 * repeated one its last value.
 */
export function argumentsJson(routine: Routine, args: Array<[string, string]>): Payload {
  const object: Record<string, string | string[]> = {};
  for (const [key, value] of args) {
    const variadic = routine.parameters.some((p) => p.name === key && p.variadic);
    if (!variadic) object[key] = value;
    else object[key] = [...((object[key] as string[] | undefined) ?? []), value];
  }
  return { json: JSON.stringify(object), columns: Object.keys(object), array: false };
}

/** The call's SQL (the body of the pgrst_source CTE); `returning` are the columns the read needs. */
export function callSql(routine: Routine, payload: Payload, singleObject: boolean, returning: string[], params: Params): string {
  const scalar = returnsScalar(routine);
  const fn = qualified(routine);
  const call = (argument: string): string => (scalar ? `(SELECT ${fn}(${argument}) pgrst_scalar) pgrst_call` : `${fn}(${argument}) pgrst_call`);
  const columns = scalar ? 'pgrst_call.pgrst_scalar' : returning.length === 0 ? '*' : returning.map((c) => (c === '*' ? 'pgrst_call.*' : `pgrst_call.${ident(c)}`)).join(', ');
  const parameters = routine.parameters;
  if (parameters.length === 1 && (singleObject || parameters[0].name === '')) {
    return `SELECT ${columns} FROM ${call(`${params.add(payload.json)}::${parameters[0].type}`)}`;
  }
  const keys = new Set(payload.columns);
  const given = parameters.filter((p) => keys.has(p.name));
  if (given.length === 0) return `SELECT ${columns} FROM ${call('')}`;
  const body = bodySql(payload.json, given.map((p) => ({ name: p.name, type: p.type })), { select: false, limitOne: true, defaults: false }, params);
  return `SELECT ${columns} ${body}, LATERAL ${call(given.map(argumentSql).join(', '))}`;
}

function argumentSql(parameter: RoutineParameter): string {
  return `${parameter.variadic ? 'VARIADIC ' : ''}${ident(parameter.name)} := pgrst_body.${ident(parameter.name)}`;
}
