/**
 * Relationships through views and materialized views, by the rules postgres-meta v0.77.2 took
 * from PostgREST's schema cache: when a view passes through every column of a foreign key
 * (directly or through other views), the key also links the view. A view can stand on either end
 * of a key: on the referencing side (view to table), on the referenced side (table to view), or
 * both (view to view). A key column the view shows under several names gives one relationship per
 * combination of names.
 */
import type { CatalogRelationship } from './catalog.types.js';
import type { TargetEntry } from './view-origins.js';

/** A foreign key with the column numbers needed to find it in views. */
export interface ForeignKey extends CatalogRelationship {
  tableId: number;
  columnNumbers: number[];
  referencedTableId: number;
  referencedColumnNumbers: number[];
}

/** A view or materialized view with its column names (by attnum) and its query's target entries. */
export interface ViewSource {
  id: number;
  schema: string;
  name: string;
  columns: string[];
  entries: TargetEntry[];
}

type Side = 'referencing' | 'referenced';

/** Key columns a view shows: the view, and per key column (in key order) the view's names for it. */
interface KeyExposure {
  view: ViewSource;
  viewColumns: string[][];
}

/** Every relationship: the keys themselves, then the ones through views, key by key. */
export function withViewRelationships(keys: ForeignKey[], views: ViewSource[]): CatalogRelationship[] {
  const exposures = findKeyExposures(keys, views);
  const throughViews = keys.flatMap((key) => {
    const fromViews = exposures.get(exposureKey(key.tableId, key.foreignKeyName, 'referencing')) ?? [];
    const toViews = exposures.get(exposureKey(key.referencedTableId, key.foreignKeyName, 'referenced')) ?? [];
    const viewToTable = fromViews.flatMap((from) => combinations(from.viewColumns).map((columns) => ({
      ...plain(key), schema: from.view.schema, relation: from.view.name, columns,
    })));
    const tableToView = toViews.flatMap((to) => combinations(to.viewColumns).map((columns) => ({
      ...plain(key), referencedSchema: to.view.schema, referencedRelation: to.view.name, referencedColumns: columns,
    })));
    const viewToView = fromViews.flatMap((from) => combinations(from.viewColumns).flatMap((columns) =>
      toViews.flatMap((to) => combinations(to.viewColumns).map((referencedColumns) => ({
        ...plain(key), schema: from.view.schema, relation: from.view.name, columns,
        referencedSchema: to.view.schema, referencedRelation: to.view.name, referencedColumns,
      })))));
    return [...viewToTable, ...tableToView, ...viewToView];
  });
  return [...keys.map(plain), ...throughViews];
}

/** The relationship fields of a key, without the lookup fields. */
function plain(key: ForeignKey): CatalogRelationship {
  return {
    foreignKeyName: key.foreignKeyName, schema: key.schema, relation: key.relation, columns: key.columns,
    isOneToOne: key.isOneToOne, referencedSchema: key.referencedSchema, referencedRelation: key.referencedRelation,
    referencedColumns: key.referencedColumns,
  };
}

const exposureKey = (tableId: number, keyName: string, side: Side) => `${tableId}\u0000${keyName}\u0000${side}`;

/**
 * For each key side (table, key name, side), the views showing all of its columns. Sides are
 * told apart by name, as postgres-meta does, so same-named keys of one table count together.
 */
function findKeyExposures(keys: ForeignKey[], views: ViewSource[]): Map<string, KeyExposure[]> {
  const shown = columnsShownByViews(views);
  // One entry per distinct (name, side, table, column, position): the duplicate rows of
  // same-named keys collapse, as they do in postgres-meta's UNION.
  const keyColumns = new Map<string, { tableId: number; tableName: string; schema: string; name: string; side: Side; size: number; column: number; position: number }>();
  for (const key of keys) {
    const sides: Array<[Side, number, string, string, number[]]> = [
      ['referencing', key.tableId, key.schema, key.relation, key.columnNumbers],
      ['referenced', key.referencedTableId, key.referencedSchema, key.referencedRelation, key.referencedColumnNumbers],
    ];
    for (const [side, tableId, schema, tableName, numbers] of sides) {
      numbers.forEach((column, position) => {
        const entry = { tableId, tableName, schema, name: key.foreignKeyName, side, size: numbers.length, column, position };
        keyColumns.set([side, key.foreignKeyName, numbers.length, tableId, column, position].join('\u0000'), entry);
      });
    }
  }
  const groups = new Map<string, { sortKey: string[]; key: string; view: ViewSource; size: number; parts: Array<{ position: number; names: string[] }> }>();
  for (const entry of keyColumns.values()) {
    for (const use of shown.get(`${entry.tableId}\u0000${entry.column}`) ?? []) {
      const id = [entry.tableId, use.view.id, entry.name, entry.side, entry.size].join('\u0000');
      let group = groups.get(id);
      if (!group) {
        group = {
          sortKey: [entry.schema, entry.tableName, use.view.schema, use.view.name, entry.name, entry.side],
          key: exposureKey(entry.tableId, entry.name, entry.side),
          view: use.view,
          size: entry.size,
          parts: [],
        };
        groups.set(id, group);
      }
      group.parts.push({ position: entry.position, names: use.names });
    }
  }
  const exposures = new Map<string, KeyExposure[]>();
  // A view must show every column of the key; the order of views follows their names.
  const complete = [...groups.values()].filter((group) => group.parts.length === group.size)
    .sort((a, b) => compareLists(a.sortKey, b.sortKey));
  for (const group of complete) {
    const list = exposures.get(group.key) ?? [];
    list.push({ view: group.view, viewColumns: group.parts.sort((a, b) => a.position - b.position).map((part) => part.names) });
    exposures.set(group.key, list);
  }
  return exposures;
}

/**
 * Per source column (`table\0column`), the views that show it and under which names. A view over
 * another view reaches the underlying table through it; a loop of views stops where it repeats.
 */
function columnsShownByViews(views: ViewSource[]): Map<string, Array<{ view: ViewSource; names: string[] }>> {
  const entriesByView = new Map<number, Map<number, TargetEntry>>();
  for (const view of views) {
    const byResno = entriesByView.get(view.id) ?? new Map<number, TargetEntry>();
    for (const entry of view.entries) byResno.set(entry.resno, entry);
    entriesByView.set(view.id, byResno);
  }
  const shown = new Map<string, Array<{ view: ViewSource; names: string[] }>>();
  const record = (view: ViewSource, table: number, column: number, name: string) => {
    const key = `${table}\u0000${column}`;
    const list = shown.get(key) ?? [];
    const existing = list.find((item) => item.view === view);
    if (existing) existing.names.push(name);
    else list.push({ view, names: [name] });
    shown.set(key, list);
  };
  for (const view of views) {
    for (const entry of view.entries) {
      // Junk entries (sort keys the view does not show) have no column of the view.
      const name = view.columns[entry.resno - 1];
      if (name === undefined) continue;
      const seen = new Set<number>();
      let table = entry.originTable;
      let column = entry.originColumn;
      for (;;) {
        record(view, table, column, name);
        const next = entriesByView.get(table)?.get(column);
        if (!next || seen.has(table)) break;
        seen.add(table);
        table = next.originTable;
        column = next.originColumn;
      }
    }
  }
  return shown;
}

/** Every way to pick one name per key column. */
function combinations(options: string[][]): string[][] {
  return options.reduce<string[][]>((partial, names) => partial.flatMap((picked) => names.map((name) => [...picked, name])), [[]]);
}

function compareLists(a: string[], b: string[]): number {
  for (let index = 0; index < a.length; index++) {
    if (a[index] !== b[index]) return a[index] < b[index] ? -1 : 1;
  }
  return 0;
}
