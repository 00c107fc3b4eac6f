/**
 * The keys a view inherits from the tables it selects from, as PostgREST v12.0.1 finds them (its
 * "view key dependencies"): follow each column of a view through its stored query, and through
 * views over views, down to the table column it shows; a primary or foreign key every column of
 * which the view shows is a key of the view too. A column shown under several names keeps them
 * all: a primary key takes the first, a foreign key gives one relationship per combination.
 * Our own implementation over the node-tree reader that type generation already uses.
 */
import { viewTargetEntries } from '../../../typegen/view-origins.js';
import type { CatalogKey, CatalogView } from './catalog-query.js';

/** Which side of a key the view shows: a primary key, a foreign key's own columns, or the columns it references. */
export type KeySide = 'primary' | 'referencing' | 'referenced';

export interface ViewKeyDependency {
  view: { oid: number; schema: string; name: string };
  key: CatalogKey;
  side: KeySide;
  /** Per key column, in key order, the names the view shows it under. */
  viewColumns: string[][];
}

/** Every (view, key, side) whose key columns the view shows in full, for views of the exposed schemas. */
export function viewKeyDependencies(views: CatalogView[], keys: CatalogKey[], schemas: string[]): ViewKeyDependency[] {
  const origins = new Map<number, Map<number, [number, number]>>();
  for (const view of views) {
    const byColumn = new Map<number, [number, number]>();
    for (const entry of viewTargetEntries(view.action)) {
      if (entry.originTable !== 0 && entry.resno <= view.columns.length) byColumn.set(entry.resno, [entry.originTable, entry.originColumn]);
    }
    origins.set(view.oid, byColumn);
  }
  const keySides = keySidesByTable(keys);
  const found: ViewKeyDependency[] = [];
  for (const view of views) {
    if (!schemas.includes(view.schema)) continue;
    // (table oid, attnum) -> the view's names for that table column.
    const shown = new Map<string, string[]>();
    for (const [attnum, origin] of origins.get(view.oid) ?? []) {
      const [table, column] = sourceOf(origin, origins);
      const at = `${table}:${column}`;
      shown.set(at, [...(shown.get(at) ?? []), view.columns[attnum - 1]]);
    }
    const tables = new Set([...shown.keys()].map((at) => Number(at.split(':')[0])));
    for (const table of tables) {
      for (const { key, side, attnums } of keySides.get(table) ?? []) {
        const viewColumns = attnums.map((attnum) => shown.get(`${table}:${attnum}`) ?? []);
        if (viewColumns.every((names) => names.length > 0)) found.push({ view: { oid: view.oid, schema: view.schema, name: view.name }, key, side, viewColumns });
      }
    }
  }
  return found;
}

/** Follows a column through views over views to the relation that holds it; a loop stops where it repeats. */
function sourceOf(origin: [number, number], origins: Map<number, Map<number, [number, number]>>): [number, number] {
  const seen = new Set<number>();
  let current = origin;
  for (;;) {
    const next = origins.get(current[0])?.get(current[1]);
    if (!next || seen.has(current[0])) return current;
    seen.add(current[0]);
    current = next;
  }
}

/** Per table oid, the key sides whose columns live in it. */
function keySidesByTable(keys: CatalogKey[]): Map<number, Array<{ key: CatalogKey; side: KeySide; attnums: number[] }>> {
  const sides = new Map<number, Array<{ key: CatalogKey; side: KeySide; attnums: number[] }>>();
  const add = (table: number, key: CatalogKey, side: KeySide, attnums: number[]) => sides.set(table, [...(sides.get(table) ?? []), { key, side, attnums }]);
  for (const key of keys) {
    if (key.type === 'p') add(key.table, key, 'primary', key.attnums);
    if (key.type === 'f' && key.ref_table !== null && key.ref_attnums) {
      add(key.table, key, 'referencing', key.attnums);
      add(key.ref_table, key, 'referenced', key.ref_attnums);
    }
  }
  return sides;
}

/** A view's primary key: the first name of each primary key column it shows, keys of every table it joins in turn. */
export function viewPrimaryKey(dependencies: ViewKeyDependency[], view: { schema: string; name: string }): string[] {
  return dependencies
    .filter((dependency) => dependency.side === 'primary' && dependency.view.schema === view.schema && dependency.view.name === view.name)
    .flatMap((dependency) => dependency.viewColumns.map((names) => names[0]));
}

/** Every way to pick one name per key column. */
export function nameCombinations(options: string[][]): string[][] {
  return options.reduce<string[][]>((partial, names) => partial.flatMap((picked) => names.map((name) => [...picked, name])), [[]]);
}
