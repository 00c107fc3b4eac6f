/**
 * The slice of the PostgreSQL catalogue the TypeScript generator reads. Field names follow
 * postgres-meta's generator metadata, so the rendering rules can be compared with its template.
 */

/** A table, view or materialized view in one of the included schemas. */
export interface CatalogRelation {
  id: number;
  schema: string;
  name: string;
  kind: 'table' | 'view' | 'materialized-view';
  /** Views only: whether PostgREST can insert and update through it. */
  isUpdatable: boolean;
}

export interface CatalogColumn {
  tableId: number;
  name: string;
  /** The type name, with domains replaced by their base type; arrays keep the `_` prefix. */
  format: string;
  isNullable: boolean;
  isIdentity: boolean;
  identityGeneration: 'ALWAYS' | 'BY DEFAULT' | null;
  /** The default or generation expression, or null. */
  defaultValue: string | null;
  isUpdatable: boolean;
}

export interface CatalogRelationship {
  foreignKeyName: string;
  schema: string;
  relation: string;
  columns: string[];
  isOneToOne: boolean;
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
}

export type ArgMode = 'in' | 'out' | 'inout' | 'variadic' | 'table';

export interface CatalogFunctionArg {
  mode: ArgMode;
  /** Empty for an unnamed argument. */
  name: string;
  typeId: number;
  hasDefault: boolean;
}

export interface CatalogFunction {
  id: number;
  schema: string;
  name: string;
  args: CatalogFunctionArg[];
  /** `pg_get_function_arguments`, which is how computed fields are recognised. */
  argumentTypes: string;
  returnTypeId: number;
  /** The row relation of the return type, when the function returns a table's rows. */
  returnTypeRelationId: number | null;
  isSetReturning: boolean;
}

/** A type from any schema (postgres-meta lists system types too): base, array, enum or composite. */
export interface CatalogType {
  id: number;
  schema: string;
  name: string;
  enums: string[];
  attributes: Array<{ name: string; typeId: number }>;
}

/** Everything the renderer needs, already limited to the included schemas where that applies. */
export interface Catalog {
  schemas: string[];
  relations: CatalogRelation[];
  columns: CatalogColumn[];
  relationships: CatalogRelationship[];
  functions: CatalogFunction[];
  types: CatalogType[];
}
