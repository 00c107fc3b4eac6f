/**
 * The relationships of the schema cache, built as PostgREST v12.0.1 builds them from the catalog:
 * each foreign key is many-to-one (one-to-one when its columns are also a primary or unique key),
 * views inherit the keys they show (view to table, table to view, view to view), a relation with
 * foreign keys to two relations whose columns all belong to its primary key is their junction
 * (many-to-many), every key is also read backwards (one-to-many, one-to-one), and a function
 * taking a row of one relation and returning rows of another is a computed relationship, which
 * replaces the keys to a relation of the same name. Only relationships whose ends (and junction)
 * are in the exposed schemas are kept.
 */
import { qualifiedKey, type ColumnPair, type ForeignKeyRelationship, type QualifiedName, type Relationship, type Table } from '../schema-types.js';
import type { CatalogComputed, CatalogKey } from './catalog-query.js';
import { nameCombinations, type ViewKeyDependency } from './view-keys.js';

const zip = (left: string[], right: string[]): ColumnPair[] => left.map((column, index) => [column, right[index]]);
const sameName = (a: QualifiedName, b: QualifiedName) => a.schema === b.schema && a.name === b.name;
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((column) => b.includes(column));

/** Every relationship, both directions, by qualifiedKey of `from`, each list in PostgREST's order. */
export function buildRelationships(
  keys: CatalogKey[],
  dependencies: ViewKeyDependency[],
  computed: CatalogComputed[],
  tables: Map<string, Table>,
  schemas: string[],
): Map<string, Relationship[]> {
  const direct = foreignKeyRelationships(keys);
  const toOne = [...direct.map(({ relationship }) => relationship), ...direct.flatMap((entry) => throughViews(entry, dependencies))];
  const all: Relationship[] = [...toOne, ...junctions(toOne, tables), ...toOne.map(inverse)];
  const functions = computed.map((row): Relationship => ({
    kind: 'computed',
    from: { schema: row.from_schema, name: row.from_name },
    to: { schema: row.to_schema, name: row.to_name },
    function: { schema: row.schema, name: row.name },
    toMany: !row.to_one,
  }));
  // A computed relationship named as a relation shadows the keys from the same table to it.
  const shadowed = (relationship: Relationship) => relationship.kind !== 'computed'
    && functions.some((fn) => fn.kind === 'computed' && sameName(fn.from, relationship.from) && sameName(fn.function, relationship.to));
  const exposed = (name: QualifiedName) => schemas.includes(name.schema);
  const kept = [...all.filter((relationship) => !shadowed(relationship)), ...functions]
    .filter((relationship) => exposed(relationship.from) && exposed(relationship.to) && (relationship.kind !== 'many-to-many' || exposed(relationship.junction)));
  const byFrom = new Map<string, Relationship[]>();
  for (const relationship of kept) {
    const key = qualifiedKey(relationship.from);
    byFrom.set(key, [...(byFrom.get(key) ?? []), relationship]);
  }
  for (const list of byFrom.values()) list.sort((a, b) => compareKeys(orderKey(a, tables), orderKey(b, tables)));
  return byFrom;
}

interface DirectKey {
  key: CatalogKey;
  relationship: ForeignKeyRelationship;
}

/** Many-to-one per foreign key, one-to-one when its columns are exactly a primary or unique key of the table. */
function foreignKeyRelationships(keys: CatalogKey[]): DirectKey[] {
  const uniques = new Map<number, string[][]>();
  for (const key of keys) if (key.type !== 'f') uniques.set(key.table, [...(uniques.get(key.table) ?? []), key.columns]);
  return keys.filter((key) => key.type === 'f' && key.ref_schema && key.ref_relation && key.ref_columns).map((key) => {
    const from = { schema: key.schema, name: key.relation };
    const to = { schema: key.ref_schema!, name: key.ref_relation! };
    const oneToOne = (uniques.get(key.table) ?? []).some((columns) => sameSet(columns, key.columns));
    return {
      key,
      relationship: { kind: oneToOne ? 'one-to-one' : 'many-to-one', from, to, constraint: key.name, columns: zip(key.columns, key.ref_columns!), self: sameName(from, to) },
    };
  });
}

/** The key's relationship repeated for each view that shows its referencing side, its referenced side, or both. */
function throughViews({ key, relationship }: DirectKey, dependencies: ViewKeyDependency[]): ForeignKeyRelationship[] {
  const showing = (side: ViewKeyDependency['side']) => dependencies.filter((dependency) => dependency.key === key && dependency.side === side);
  const referencing = showing('referencing');
  const referenced = showing('referenced');
  const targetColumns = relationship.columns.map(([, to]) => to);
  const sourceColumns = relationship.columns.map(([from]) => from);
  const made: ForeignKeyRelationship[] = [];
  const add = (from: QualifiedName, fromColumns: string[], to: QualifiedName, toColumns: string[], self: boolean) =>
    made.push({ ...relationship, from, to, columns: zip(fromColumns, toColumns), self });
  for (const view of referencing) {
    for (const names of nameCombinations(view.viewColumns)) add(view.view, names, relationship.to, targetColumns, false);
  }
  for (const view of referenced) {
    for (const names of nameCombinations(view.viewColumns)) add(relationship.from, sourceColumns, view.view, names, false);
  }
  for (const source of referencing) {
    for (const sourceNames of nameCombinations(source.viewColumns)) {
      for (const target of referenced) {
        for (const targetNames of nameCombinations(target.viewColumns)) add(source.view, sourceNames, target.view, targetNames, sameName(source.view, target.view));
      }
    }
  }
  return made.map((made) => ({ ...made, from: { schema: made.from.schema, name: made.from.name }, to: { schema: made.to.schema, name: made.to.name } }));
}

/**
 * Many-to-many: a relation with many-to-one keys to two relations (two different constraints),
 * every column of both keys in its primary key. Pairs are taken both ways round, and one
 * relation twice is a self many-to-many.
 */
function junctions(toOne: ForeignKeyRelationship[], tables: Map<string, Table>): Relationship[] {
  const manyToOne = toOne.filter((relationship) => relationship.kind === 'many-to-one');
  const made: Relationship[] = [];
  for (const first of manyToOne) {
    const primaryKey = tables.get(qualifiedKey(first.from))?.primaryKey ?? [];
    for (const second of manyToOne) {
      if (!sameName(first.from, second.from) || first.constraint === second.constraint) continue;
      const junctionColumns = [...first.columns.map(([column]) => column), ...second.columns.map(([column]) => column)];
      if (!junctionColumns.every((column) => primaryKey.includes(column))) continue;
      made.push({
        kind: 'many-to-many',
        from: first.to,
        to: second.to,
        junction: first.from,
        fromConstraint: first.constraint,
        fromColumns: first.columns.map(([junction, from]) => [from, junction]),
        toConstraint: second.constraint,
        toColumns: second.columns,
      });
    }
  }
  return made;
}

/** The same key read from the other end. */
function inverse(relationship: ForeignKeyRelationship): ForeignKeyRelationship {
  return {
    ...relationship,
    kind: relationship.kind === 'many-to-one' ? 'one-to-many' : 'one-to-one',
    from: relationship.to,
    to: relationship.from,
    columns: relationship.columns.map(([from, to]) => [to, from]),
  };
}

const CARDINALITY_RANK = { 'one-to-many': 0, 'many-to-one': 1, 'one-to-one': 2, 'many-to-many': 3, computed: 4 } as const;

/**
 * PostgREST sorts each list by its Relationship type's derived order: key relationships before
 * computed ones, then target, self-reference, cardinality (one-to-many, many-to-one,
 * one-to-one, many-to-many), constraint and columns, and tables before views.
 */
function orderKey(relationship: Relationship, tables: Map<string, Table>): Array<string | number> {
  const isView = (name: QualifiedName) => (tables.get(qualifiedKey(name))?.kind === 'view' || tables.get(qualifiedKey(name))?.kind === 'materialized view' ? 1 : 0);
  if (relationship.kind === 'computed') {
    return [1, relationship.function.schema, relationship.function.name, relationship.from.schema, relationship.from.name, relationship.to.schema, relationship.to.name];
  }
  const head = [0, relationship.to.schema, relationship.to.name];
  if (relationship.kind === 'many-to-many') {
    return [...head, sameName(relationship.from, relationship.to) ? 1 : 0, CARDINALITY_RANK[relationship.kind], relationship.junction.schema, relationship.junction.name,
      relationship.fromConstraint, relationship.toConstraint, JSON.stringify(relationship.fromColumns), JSON.stringify(relationship.toColumns), isView(relationship.from), isView(relationship.to)];
  }
  return [...head, relationship.self ? 1 : 0, CARDINALITY_RANK[relationship.kind], relationship.constraint, JSON.stringify(relationship.columns), isView(relationship.from), isView(relationship.to)];
}

function compareKeys(a: Array<string | number>, b: Array<string | number>): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    if (a[index] !== b[index]) return a[index] < b[index] ? -1 : 1;
  }
  return a.length - b.length;
}
