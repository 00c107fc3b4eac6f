/**
 * The catalogue queries behind type generation, typed through kysely. Every query of the included
 * schemas filters in SQL, so a database with thousands of tables outside them costs nothing extra.
 * Names (type `name`) are aggregated as text: node-postgres parses text[] into arrays, not name[].
 */
import type { Kysely } from 'kysely';
import type { SystemCatalogs } from '../db/catalog/system-catalogs.js';
import { jsonBuildObject } from '../db/kysely.js';

type Catalogs = Kysely<SystemCatalogs>;

const SYSTEM_SCHEMAS = ['information_schema', 'pg_catalog', 'pg_toast'];

/**
 * The included schemas that exist and that the user may use, never the system ones (as
 * postgres-meta's schema list).
 */
export function schemasQuery(db: Catalogs, schemas: string[]) {
  return db.selectFrom('pg_catalog.pg_namespace as n')
    .select('n.nspname as name')
    .where((eb) => eb.and([
      eb('n.nspname', '=', eb.fn.any(eb.val(schemas))),
      eb('n.nspname', 'not in', SYSTEM_SCHEMAS),
      eb.or([
        eb.fn<boolean>('pg_has_role', ['n.nspowner', eb.val('USAGE')]),
        eb.fn<boolean>('has_schema_privilege', ['n.oid', eb.val('CREATE, USAGE')]),
      ]),
    ]));
}

/**
 * Tables (plain and partitioned) the user can reach, views and materialized views. Foreign tables
 * are left out: postgres-meta v0.77.2 lists no foreign tables (later versions put them in Tables).
 */
export function relationsQuery(db: Catalogs, schemas: string[]) {
  return db.selectFrom('pg_catalog.pg_class as c')
    .innerJoin('pg_catalog.pg_namespace as n', 'n.oid', 'c.relnamespace')
    .select((eb) => [
      'c.oid as id', 'n.nspname as schema', 'c.relname as name', 'c.relkind',
      // postgres-meta calls a view updatable when both UPDATE and DELETE go through (mask 4 | 16).
      eb.and([
        eb('c.relkind', '=', 'v'),
        eb(eb(eb.fn<number>('pg_relation_is_updatable', ['c.oid', eb.lit(false)]), '&', 20), '=', 20),
      ]).$castTo<boolean>().as('is_updatable'),
    ])
    .where((eb) => eb.and([
      eb('n.nspname', '=', eb.fn.any(eb.val(schemas))),
      eb('c.relkind', 'in', ['r', 'p', 'v', 'm']),
      eb.or([
        eb('c.relkind', 'in', ['v', 'm']),
        eb.fn<boolean>('pg_has_role', ['c.relowner', eb.val('USAGE')]),
        eb.fn<boolean>('has_table_privilege', ['c.oid', eb.val('SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')]),
        eb.fn<boolean>('has_any_column_privilege', ['c.oid', eb.val('SELECT, INSERT, UPDATE, REFERENCES')]),
      ]),
    ]));
}

/** Columns of those relations the user can reach, with domains resolved to their base type. */
export function columnsQuery(db: Catalogs, schemas: string[]) {
  return db.selectFrom('pg_catalog.pg_attribute as a')
    .innerJoin('pg_catalog.pg_class as c', 'c.oid', 'a.attrelid')
    .innerJoin('pg_catalog.pg_namespace as n', 'n.oid', 'c.relnamespace')
    .innerJoin('pg_catalog.pg_type as t', 't.oid', 'a.atttypid')
    .leftJoin('pg_catalog.pg_type as bt', (join) => join.on('t.typtype', '=', 'd').onRef('bt.oid', '=', 't.typbasetype'))
    .leftJoin('pg_catalog.pg_attrdef as ad', (join) => join.onRef('ad.adrelid', '=', 'a.attrelid').onRef('ad.adnum', '=', 'a.attnum'))
    .select((eb) => [
      'a.attrelid as table_id', 'a.attname as name', 'a.attnotnull', 'a.attidentity', 't.typtype', 't.typnotnull',
      eb.fn.coalesce('bt.typname', 't.typname').as('format'),
      eb.fn<string | null>('pg_get_expr', ['ad.adbin', 'ad.adrelid']).as('default_value'),
      eb.or([
        eb('c.relkind', 'in', ['r', 'p']),
        eb.and([eb('c.relkind', '=', 'v'), eb.fn<boolean>('pg_column_is_updatable', ['c.oid', 'a.attnum', eb.lit(false)])]),
      ]).$castTo<boolean>().as('is_updatable'),
    ])
    .where((eb) => eb.and([
      eb('n.nspname', '=', eb.fn.any(eb.val(schemas))),
      eb('c.relkind', 'in', ['r', 'p', 'v', 'm']),
      eb('a.attnum', '>', 0),
      eb('a.attisdropped', '=', false),
      eb.or([
        eb.fn<boolean>('pg_has_role', ['c.relowner', eb.val('USAGE')]),
        eb.fn<boolean>('has_column_privilege', ['c.oid', 'a.attnum', eb.val('SELECT, INSERT, UPDATE, REFERENCES')]),
      ]),
    ]));
}

/**
 * Views and materialized views outside the system schemas, with their column names and stored
 * queries: relationships through views are read from them (see view-origins.ts). Views of any
 * schema count, since a key of an included table can point at a view elsewhere.
 */
export function viewSourcesQuery(db: Catalogs) {
  return db.selectFrom('pg_catalog.pg_class as c')
    .innerJoin('pg_catalog.pg_namespace as n', 'n.oid', 'c.relnamespace')
    .select((eb) => [
      'c.oid as id', 'n.nspname as schema', 'c.relname as name',
      eb.selectFrom('pg_catalog.pg_attribute as a')
        .select((sub) => sub.fn.agg<string[]>('array_agg', [sub.cast('a.attname', 'text')]).orderBy('a.attnum').as('names'))
        .whereRef('a.attrelid', '=', 'c.oid').where('a.attnum', '>', 0)
        .as('columns'),
      eb.selectFrom('pg_catalog.pg_rewrite as r')
        // pg_node_tree has no array type, so the trees are aggregated as text.
        .select((sub) => sub.fn.agg<string[]>('array_agg', [sub.cast('r.ev_action', 'text')]).orderBy('r.oid').as('trees'))
        .whereRef('r.ev_class', '=', 'c.oid')
        .as('actions'),
    ])
    .where('c.relkind', 'in', ['v', 'm'])
    .where('n.nspname', 'not in', SYSTEM_SCHEMAS);
}

/**
 * Foreign keys (not the copies partitions inherit) of the included schemas' tables, or touching
 * a table some view shows (`shownTables`), with the column lists of the table's primary key and
 * unique constraints (for the one-to-one flag).
 */
export function foreignKeysQuery(db: Catalogs, schemas: string[], shownTables: number[]) {
  return db.selectFrom('pg_catalog.pg_constraint as k')
    .innerJoin('pg_catalog.pg_class as sc', 'sc.oid', 'k.conrelid')
    .innerJoin('pg_catalog.pg_namespace as sn', 'sn.oid', 'sc.relnamespace')
    .innerJoin('pg_catalog.pg_class as rc', 'rc.oid', 'k.confrelid')
    .innerJoin('pg_catalog.pg_namespace as rn', 'rn.oid', 'rc.relnamespace')
    .select((eb) => [
      'k.conname as foreign_key_name', 'sn.nspname as schema', 'sc.relname as relation',
      'k.conrelid as table_id', 'k.conkey as column_numbers',
      'rn.nspname as referenced_schema', 'rc.relname as referenced_relation',
      'k.confrelid as referenced_table_id', 'k.confkey as referenced_column_numbers',
      // Column names in key order.
      eb.selectFrom('pg_catalog.pg_attribute as a')
        .select((sub) => sub.fn.agg<string[]>('array_agg', [sub.cast('a.attname', 'text')]).orderBy(sub.fn('array_position', ['k.conkey', 'a.attnum'])).as('names'))
        .whereRef('a.attrelid', '=', 'k.conrelid').where((sub) => sub('a.attnum', '=', sub.fn.any('k.conkey')))
        .as('columns'),
      eb.selectFrom('pg_catalog.pg_attribute as a')
        .select((sub) => sub.fn.agg<string[]>('array_agg', [sub.cast('a.attname', 'text')]).orderBy(sub.fn('array_position', ['k.confkey', 'a.attnum'])).as('names'))
        .whereRef('a.attrelid', '=', 'k.confrelid').where((sub) => sub('a.attnum', '=', sub.fn.any('k.confkey')))
        .as('referenced_columns'),
      eb.selectFrom('pg_catalog.pg_constraint as uq')
        .select((sub) => sub.fn.agg<number[][]>('json_agg', ['uq.conkey']).as('keys'))
        .whereRef('uq.conrelid', '=', 'k.conrelid').where('uq.contype', 'in', ['p', 'u'])
        .as('unique_keys'),
    ])
    .where((eb) => eb.and([
      eb('k.contype', '=', 'f'),
      eb('k.conparentid', '=', 0),
      eb.or([
        eb('sn.nspname', '=', eb.fn.any(eb.val(schemas))),
        eb('k.conrelid', '=', eb.fn.any(eb.val(shownTables))),
        eb('k.confrelid', '=', eb.fn.any(eb.val(shownTables))),
      ]),
    ]))
    .orderBy('k.oid');
}

/** Plain functions (no procedures or aggregates) that do not return triggers. */
export function functionsQuery(db: Catalogs, schemas: string[]) {
  return db.selectFrom('pg_catalog.pg_proc as p')
    .innerJoin('pg_catalog.pg_namespace as n', 'n.oid', 'p.pronamespace')
    .innerJoin('pg_catalog.pg_type as rt', 'rt.oid', 'p.prorettype')
    .select((eb) => [
      'p.oid as id', 'n.nspname as schema', 'p.proname as name',
      // How computed fields are recognised: the one argument's type, spelled as PostgreSQL does.
      eb.fn<string>('pg_get_function_arguments', ['p.oid']).as('argument_types'),
      'p.prorettype as return_type_id', 'rt.typrelid as return_type_relation_id', 'p.proretset as is_set_returning',
      'p.pronargs as nargs', 'p.pronargdefaults as nargdefaults',
      'p.proargtypes', 'p.proallargtypes', 'p.proargnames', 'p.proargmodes',
    ])
    .where((eb) => eb.and([
      eb('n.nspname', '=', eb.fn.any(eb.val(schemas))),
      eb('p.prokind', '=', 'f'),
      eb('rt.typname', 'not in', ['trigger', 'event_trigger']),
    ]))
    .orderBy('p.oid');
}

/**
 * Types of every schema, as postgres-meta lists them for the generator: base, array, enum and
 * standalone composite types, but not the row types of tables and views.
 */
export function typesQuery(db: Catalogs) {
  return db.selectFrom('pg_catalog.pg_type as t')
    .innerJoin('pg_catalog.pg_namespace as n', 'n.oid', 't.typnamespace')
    .leftJoin('pg_catalog.pg_class as c', 'c.oid', 't.typrelid')
    .select((eb) => [
      't.oid as id', 'n.nspname as schema', 't.typname as name',
      // Only enums and composites have members; skipping the lookups for the rest keeps this quick.
      eb.case().when('t.typtype', '=', 'e').then(
        eb.selectFrom('pg_catalog.pg_enum as e')
          .select((sub) => sub.fn.agg<string[]>('array_agg', [sub.cast('e.enumlabel', 'text')]).orderBy('e.enumsortorder').as('labels'))
          .whereRef('e.enumtypid', '=', 't.oid'),
      ).end().as('enums'),
      eb.case().when('t.typtype', '=', 'c').then(
        eb.selectFrom('pg_catalog.pg_attribute as a')
          .select((sub) => sub.fn.agg<Array<{ name: string; typeId: number }>>('json_agg', [
            // An oid becomes a JSON string; int8 stays a number.
            jsonBuildObject({ name: sub.ref('a.attname'), typeId: sub.cast<number>('a.atttypid', 'int8') }),
          ]).orderBy('a.attnum').as('attributes'))
          .whereRef('a.attrelid', '=', 't.typrelid').where('a.attnum', '>', 0).where('a.attisdropped', '=', false),
      ).end().as('attributes'),
    ])
    .where((eb) => eb.or([eb('t.typrelid', '=', 0), eb('c.relkind', '=', 'c')]))
    .orderBy('t.oid');
}
