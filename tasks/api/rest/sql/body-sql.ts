/**
 * A JSON request body as rows, in the database, as PostgREST v12.0.1's fromJsonBodyF does: the
 * body is one parameter, an object becomes a one-element array, and json_to_recordset reads the
 * columns the request names with their types (so PostgreSQL converts and checks each value).
 * With `missing=default`, keys a row leaves out get the column's default expression first.
 */
import { ident, literal, type Params } from './sql-text.js';

export interface BodyField {
  name: string;
  /** The type json_to_recordset reads it as (format_type's text, with its modifier). */
  type: string;
  /** The default expression from the catalog, for `missing=default`. */
  default?: string;
}

export interface BodyOptions {
  /** Start with `SELECT "pgrst_body"."a", ...` (an INSERT's source) rather than at FROM. */
  select: boolean;
  /** Read only the first element (a function's arguments, a ranged update's values). */
  limitOne: boolean;
  /** Fill missing keys with column defaults. */
  defaults: boolean;
}

/** The FROM clause (with SELECT when asked) yielding a `pgrst_body` row per body element. */
export function bodySql(json: string, fields: BodyField[], options: BodyOptions, params: Params): string {
  const j = options.defaults ? 'jsonb' : 'json';
  const placeholder = `${params.add(json)}::${j}`;
  const uniform = `LATERAL (SELECT CASE WHEN ${j}_typeof(pgrst_payload.json_data) = 'array' THEN pgrst_payload.json_data ELSE ${j}_build_array(pgrst_payload.json_data) END AS val) pgrst_uniform_json, `;
  // Defaults come from the catalog (the schema cache), never from the request, so they are SQL.
  const defaults = fields.filter((field) => field.default !== undefined).map((field) => `${literal(field.name)}, ${field.default}`);
  const withDefaults = options.defaults
    ? `LATERAL (SELECT jsonb_agg(jsonb_build_object(${defaults.join(', ')}) || elem) AS val from jsonb_array_elements(pgrst_uniform_json.val) elem) pgrst_json_defs, `
    : '';
  const source = options.defaults ? 'pgrst_json_defs.val' : 'pgrst_uniform_json.val';
  // No columns (every value a default) still needs a row per element, which json_to_recordset
  // cannot give with an empty column list.
  const rows = fields.length === 0
    ? `${j}_array_elements(${source}) _ `
    : `${j}_to_recordset(${source}) AS _(${fields.map((field) => `${ident(field.name)} ${field.type}`).join(', ')}) ${options.limitOne ? 'LIMIT 1' : ''}`;
  const named = fields.map((field) => `"pgrst_body".${ident(field.name)}`).join(', ');
  return `${options.select ? `SELECT ${named} ` : ''}FROM (SELECT ${placeholder} AS json_data) pgrst_payload, ${uniform}${withDefaults}`
    + `LATERAL (SELECT ${fields.map((field) => ident(field.name)).join(', ')} FROM ${rows}) pgrst_body `;
}
