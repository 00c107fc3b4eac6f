/**
 * The REST service's picture of the database (its schema cache, as PostgREST calls it): the
 * relations, columns, keys, relationships and functions of the exposed schemas (`[api] schemas`),
 * read from the catalog at start and again on `NOTIFY pgrst, 'reload schema'` (rest/schema/ builds
 * it). The SQL builder resolves every name of a request here, so an unknown name is PostgREST's
 * error before any SQL runs.
 */

export interface QualifiedName {
  schema: string;
  name: string;
}

/** `schema.name`, the key of the cache's maps (names are not quoted). */
export const qualifiedKey = (name: QualifiedName): string => `${name.schema}.${name.name}`;

export interface Column {
  name: string;
  /** The type as format_type writes it (`character varying(20)`, `text[]`, `public.status`). */
  type: string;
  /** The type's own name without modifiers (`varchar`, `_text`, `status`), as PostgREST's OpenAPI uses. */
  nominalType: string;
  /**
   * The type as PostgREST's OpenAPI document names it (its `format`): built-in types without
   * modifiers (`character varying`, `text[]`), others as `type` writes them (`public.status`).
   * Optional so that hand-made caches in tests need not spell it; the loader always fills it.
   */
  dataType?: string;
  nullable: boolean;
  /** The default expression, when it has one. */
  default?: string;
  maxLength?: number;
  /** The labels of an enum type, in order. */
  enumValues?: string[];
  description?: string;
  /** Generated (`generated always as`) or an identity `always` column: inserts must leave it out. */
  generated: boolean;
}

export interface Table extends QualifiedName {
  kind: 'table' | 'view' | 'materialized view' | 'foreign table' | 'partitioned table';
  description?: string;
  /** For a view, what auto-updatability allows (PostgREST refuses writes otherwise). */
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  /** Its primary key columns; a view gets the key of the table it selects from, when its columns keep it. */
  primaryKey: string[];
  columns: Column[];
}

/** A pair of columns a relationship joins on: [column of `from`, column of `to`]. */
export type ColumnPair = [string, string];

/**
 * How rows of `from` reach rows of `to`. PostgREST's cardinalities: many-to-one (a foreign key on
 * `from`), one-to-many (the other side of one), one-to-one (a foreign key whose columns are also
 * unique; either side), many-to-many (through a junction table with foreign keys to both), and
 * computed (a function taking a row of `from`). Views get the relationships of the tables they
 * select from, with the view's column names.
 */
export type Relationship = ForeignKeyRelationship | JunctionRelationship | ComputedRelationship;

export interface ForeignKeyRelationship {
  kind: 'many-to-one' | 'one-to-many' | 'one-to-one';
  from: QualifiedName;
  to: QualifiedName;
  /** The foreign key constraint's name (a hint may name it). */
  constraint: string;
  columns: ColumnPair[];
  /** Both ends are the same relation (a self-reference). */
  self: boolean;
}

export interface JunctionRelationship {
  kind: 'many-to-many';
  from: QualifiedName;
  to: QualifiedName;
  junction: QualifiedName;
  /** The junction's foreign key to `from` and its columns ([column of from, column of junction]). */
  fromConstraint: string;
  fromColumns: ColumnPair[];
  /** The junction's foreign key to `to` ([column of junction, column of to]). */
  toConstraint: string;
  toColumns: ColumnPair[];
}

export interface ComputedRelationship {
  kind: 'computed';
  from: QualifiedName;
  to: QualifiedName;
  function: QualifiedName;
  /** Returns `setof` (to-many) or one row (to-one). */
  toMany: boolean;
}

export interface RoutineParameter {
  /** Empty for an unnamed parameter. */
  name: string;
  type: string;
  /** Has no default: a call must give it. */
  required: boolean;
  variadic: boolean;
}

export interface Routine extends QualifiedName {
  description?: string;
  parameters: RoutineParameter[];
  returns: {
    /** The return type as format_type writes it (`integer`, `public.films`, `void`, `record`). */
    type: string;
    setOf: boolean;
    /** The relation whose row type it returns (`returns setof films`), so filters and embeds apply. */
    relation?: QualifiedName;
    /** A composite or record result (an object per row), as against a scalar. */
    composite: boolean;
  };
  volatility: 'immutable' | 'stable' | 'volatile';
}

export interface SchemaCache {
  /** The exposed schemas, in `[api] schemas` order: the first is the default profile. */
  schemas: string[];
  /** By qualifiedKey. */
  tables: Map<string, Table>;
  /** Every relationship, both directions, by qualifiedKey of `from`. */
  relationships: Map<string, Relationship[]>;
  /** Overloads by qualifiedKey. */
  routines: Map<string, Routine[]>;
  /** The server's version number (server_version_num), for features that depend on it. */
  serverVersion: number;
}
