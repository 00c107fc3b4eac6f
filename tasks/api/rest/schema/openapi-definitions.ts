/**
 * The `definitions` of the OpenAPI document: one Swagger 2.0 schema per relation, its properties
 * shaped as PostgREST v12.0.1's OpenAPI module shapes them (swagger type and `format` from the
 * column's type, defaults read as JSON, enum labels, and the primary and foreign key notes in the
 * description that tools such as Supabase's generators read: `<pk/>`, `<fk table=… column=…/>`).
 */
import { qualifiedKey, type Column, type Relationship, type SchemaCache, type Table } from '../schema-types.js';

type JsonObject = Record<string, unknown>;

const SWAGGER_TYPES: Record<string, string | undefined> = {
  'character varying': 'string',
  character: 'string',
  text: 'string',
  boolean: 'boolean',
  smallint: 'integer',
  integer: 'integer',
  bigint: 'integer',
  numeric: 'number',
  real: 'number',
  'double precision': 'number',
  json: undefined,
  jsonb: undefined,
};

/** The swagger type of a PostgreSQL type name; json and jsonb have none (any value). */
export function swaggerType(type: string): string | undefined {
  if (type in SWAGGER_TYPES) return SWAGGER_TYPES[type];
  return type.endsWith('[]') ? 'array' : 'string';
}

/** For an array type, the `items` schema (the element's swagger type). */
export function arrayItems(type: string): JsonObject | undefined {
  if (swaggerType(type) !== 'array') return undefined;
  const element = swaggerType(type.slice(0, -2));
  return element === undefined ? {} : { type: element };
}

/** The type PostgREST names a column by (built-in types without modifiers). */
export const columnFormat = (column: Column): string => column.dataType ?? column.type;

/** The object schema of every relation, by its name. */
export function tableDefinition(cache: SchemaCache, table: Table): JsonObject {
  const required = table.columns.filter((column) => !column.nullable).map((column) => column.name);
  return {
    ...(table.description !== undefined && { description: table.description }),
    ...(required.length > 0 && { required }),
    properties: Object.fromEntries(table.columns.map((column) => [column.name, columnProperty(cache, table, column)])),
    type: 'object',
  };
}

function columnProperty(cache: SchemaCache, table: Table, column: Column): JsonObject {
  const format = columnFormat(column);
  const notes = ['Note:'];
  if (table.primaryKey.includes(column.name)) notes.push('This is a Primary Key.<pk/>');
  const target = foreignKeyTarget(cache, table, column.name);
  if (target) notes.push(`This is a Foreign Key to \`${target.table}.${target.column}\`.<fk table='${target.table}' column='${target.column}'/>`);
  const description = notes.length > 1 ? `${column.description !== undefined ? `${column.description}\n\n` : ''}${notes.join('\n')}` : column.description;
  const defaultValue = column.default === undefined ? undefined : jsonDefault(format, column.default);
  const type = swaggerType(format);
  const items = arrayItems(format);
  return {
    ...(defaultValue !== undefined && { default: defaultValue }),
    ...(description !== undefined && { description }),
    ...(column.enumValues && column.enumValues.length > 0 && { enum: column.enumValues }),
    format,
    ...(items && { items }),
    ...(column.maxLength !== undefined && { maxLength: column.maxLength }),
    ...(type !== undefined && { type }),
  };
}

/**
 * The relation and column a one-column many-to-one key of this column points to, in the same
 * schema, tables before views (PostgREST's choice when a view shows the same key).
 */
function foreignKeyTarget(cache: SchemaCache, table: Table, column: string): { table: string; column: string } | undefined {
  const isView = (relationship: Relationship) => {
    const kind = cache.tables.get(qualifiedKey(relationship.to))?.kind;
    return kind === 'view' || kind === 'materialized view' ? 1 : 0;
  };
  const candidates = (cache.relationships.get(qualifiedKey(table)) ?? [])
    .filter((relationship) => relationship.kind !== 'computed' && relationship.to.schema === table.schema)
    .sort((a, b) => isView(a) - isView(b));
  for (const relationship of candidates) {
    if (relationship.kind === 'many-to-one' && relationship.columns.length === 1 && relationship.columns[0][0] === column) {
      return { table: relationship.to.name, column: relationship.columns[0][1] };
    }
  }
  return undefined;
}

/**
 * A default as JSON: for a string type the literal without its cast and quotes (`'ok'::mood` ->
 * "ok", `now()` -> "now()"); for others the expression itself when it is JSON (`0`, `true`),
 * nothing when it is not (`nextval(...)`).
 */
function jsonDefault(format: string, expression: string): unknown {
  let text = expression;
  if (swaggerType(format) === 'string') {
    const cast = `::${format}`;
    if (text.endsWith(cast)) text = text.slice(0, -cast.length).replace(/^'+|'+$/g, '');
    text = `"${text}"`;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
