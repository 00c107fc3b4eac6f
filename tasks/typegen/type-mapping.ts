/**
 * PostgreSQL type names to TypeScript types, by postgres-meta v0.77.2's rules: lookups go by type
 * name alone (not schema), and anything it cannot place becomes `unknown`, a table's or view's
 * row type included (later versions refer to `Database[...]["Tables"][...]["Row"]`).
 */
import type { CatalogType } from './catalog.types.js';
import { arrayOf, literal, text, union, type TsType } from './ts-type.js';

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);
const STRING_TYPES = new Set([
  'bytea', 'bpchar', 'varchar', 'date', 'text', 'citext', 'time', 'timetz', 'timestamp', 'timestamptz', 'uuid', 'vector',
]);

/** Name-indexed lookups built once per generation, so mapping stays linear in the schema size. */
export interface TypeLookup {
  includedSchemas: ReadonlySet<string>;
  enumsByName: Map<string, CatalogType>;
  compositesByName: Map<string, CatalogType>;
}

/** Indexes types by name; the first of several same-named ones wins, as with find(). */
export function buildTypeLookup(schemas: string[], types: CatalogType[]): TypeLookup {
  const firstByName = <T extends { name: string }>(items: T[]): Map<string, T> => {
    const map = new Map<string, T>();
    for (const item of items) if (!map.has(item.name)) map.set(item.name, item);
    return map;
  };
  return {
    includedSchemas: new Set(schemas),
    enumsByName: firstByName(types.filter((type) => type.enums.length > 0)),
    compositesByName: firstByName(types.filter((type) => type.attributes.length > 0)),
  };
}

/** The TypeScript type for a PostgreSQL type name (`_name` is an array of `name`). */
export function pgTypeToTs(pgType: string, lookup: TypeLookup): TsType {
  if (pgType === 'bool') return text('boolean');
  if (NUMBER_TYPES.has(pgType)) return text('number');
  if (STRING_TYPES.has(pgType)) return text('string');
  if (pgType === 'json' || pgType === 'jsonb') return text('Json');
  if (pgType === 'void') return text('undefined');
  if (pgType === 'record') return text('Record<string, unknown>');
  if (pgType.startsWith('_')) return arrayOf(pgTypeToTs(pgType.slice(1), lookup));
  return namedType(pgType, lookup);
}

/** Enums and composite types, referenced through Database when their schema is included. */
function namedType(pgType: string, lookup: TypeLookup): TsType {
  const path = (schema: string, section: string, name: string) =>
    text(`Database[${JSON.stringify(schema)}][${JSON.stringify(section)}][${JSON.stringify(name)}]`);
  const enumType = lookup.enumsByName.get(pgType);
  if (enumType) {
    // An enum from a schema left out of the output is spelled out, since it cannot be referenced.
    return lookup.includedSchemas.has(enumType.schema)
      ? path(enumType.schema, 'Enums', enumType.name)
      : union(enumType.enums.map(literal));
  }
  const composite = lookup.compositesByName.get(pgType);
  if (composite) {
    return lookup.includedSchemas.has(composite.schema) ? path(composite.schema, 'CompositeTypes', composite.name) : text('unknown');
  }
  return text('unknown');
}
