/**
 * A column or JSON path of one level as SQL, as PostgREST writes it: `"films"."data"->$1->>$2`,
 * with `to_jsonb(...)` around a column that is not json or jsonb (PostgREST does this for any
 * other type, unknown ones included), and an array index sent as an integer.
 */
import type { Field } from '../query-ast.js';
import type { Column } from '../schema-types.js';
import { ident, type Params } from './sql-text.js';
import { queryParamError } from './plan-errors.js';

/** `qualifier.column` or `qualifier.*`. */
export function columnSql(qualifier: string, name: string): string {
  return name === '*' ? `${qualifier}.*` : `${qualifier}.${ident(name)}`;
}

/**
 * The field's SQL; `columns` (the level's table) decides whether a JSON path needs to_jsonb.
 * `plain` leaves it out, for a name whose type is not known here (an embed's column in `order`).
 */
export function fieldSql(qualifier: string, field: Field, columns: Map<string, Column> | undefined, params: Params, plain = false): string {
  const column = columnSql(qualifier, field.name);
  if (field.json.length === 0) return column;
  const type = columns?.get(field.name)?.type;
  const base = plain || type === 'json' || type === 'jsonb' ? column : `to_jsonb(${column})`;
  return base + field.json.map((step) => `${step.arrow}${params.add(step.key)}${step.index ? '::int' : ''}`).join('');
}

/**
 * The name PostgREST gives a JSON path's output without an alias: its last key, or for a path
 * ending in an index the last key before it, else the column's name.
 */
export function outputName(field: Field): string | undefined {
  if (field.json.length === 0) return undefined;
  const last = field.json[field.json.length - 1];
  if (!last.index) return last.key;
  const key = [...field.json].reverse().find((step) => !step.index);
  return key?.key ?? field.name;
}

/**
 * A cast as written by the client goes into the SQL text (quoting it would break `int`), so it
 * must be what PostgREST's grammar accepts: letters, digits, `_`, `$` and spaces.
 */
export function castSql(expression: string, cast: string | undefined): string {
  if (cast === undefined) return expression;
  if (!/^[\p{L}\p{N}_ $]+$/u.test(cast)) {
    // The grammar (rest/grammar/) refuses such casts first; this keeps the SQL safe on its own.
    throw queryParamError(`failed to parse select parameter (::${cast})`, 'expecting letter, digit, "_", "$" or " "');
  }
  return `CAST( ${expression} AS ${cast.trim()} )`;
}
