/**
 * INSERT, PUT (a single-row upsert), UPDATE and DELETE as PostgREST v12.0.1 writes them
 * (MutatePlan.hs, QueryBuilder.hs): the body read by json_to_recordset, upserts as ON CONFLICT
 * with the `pgrst.inserted` setting counting inserted rows, limited updates and deletes through
 * the rows an ordered, ranged SELECT picks, and RETURNING only what the read of the result needs.
 */
import { restError } from '../../common/api-error.js';
import type { Filter } from '../query-ast.js';
import type { RestRequest } from '../rest-request.js';
import type { Table } from '../schema-types.js';
import { bodySql, type BodyField } from './body-sql.js';
import { fieldSql } from './field-sql.js';
import { filterSql } from './filter-sql.js';
import { columnNotFound, invalidPutFilters } from './plan-errors.js';
import type { PlanNode } from './read-plan.js';
import { rangeSql } from './read-sql.js';
import { alias, ident, qualified, type Params } from './sql-text.js';

type Mutation = Extract<RestRequest, { action: 'insert' | 'put' | 'update' | 'delete' }>;

/** `set_config('pgrst.inserted', ...)`: +1 for each row offered to an upsert, -1 for each that updated instead. */
function countInserted(add: boolean): string {
  const current = "nullif(current_setting('pgrst.inserted', true), '')";
  return `set_config('pgrst.inserted', (coalesce(${current}::int, 0) ${add ? '+' : '-'} 1)::text, true) <> '${add ? '0' : '-1'}'`;
}

/**
 * The columns the statement returns: all with `*` in the select, else those selected plus the keys
 * embeds join on and the primary key (for Location); none at all without return=representation
 * or headers-only (`RETURNING 1` still counts the rows).
 */
export function returnings(request: Mutation, root: PlanNode, primaryKey: string[]): string[] {
  const wanted = request.preferences.return;
  if (wanted === undefined || wanted === 'minimal') return [];
  if (root.select.some((item) => item.kind === 'star')) return ['*'];
  const names = root.select.flatMap((item) => (item.kind === 'column' ? [item.field.name] : []));
  for (const child of root.children) {
    const rel = child.relationship;
    if (rel === undefined) continue;
    // A computed relationship takes the whole row.
    if (rel.kind === 'computed') return ['*'];
    if (rel.kind === 'many-to-many') names.push(...rel.fromColumns.map((pair) => pair[0]));
    else names.push(...rel.columns.map((pair) => pair[0]));
  }
  return [...new Set([...names, ...primaryKey])].sort();
}

function returningSql(target: string, columns: string[]): string {
  if (columns.length === 0) return 'RETURNING 1';
  return `RETURNING ${columns.map((name) => (name === '*' ? `${target}.*` : `${target}.${ident(name)}`)).join(', ')}`;
}

/** The payload's columns with their types; PGRST204 for one the relation does not have. */
function bodyFields(table: Table, columns: string[]): BodyField[] {
  return columns.map((name) => {
    const column = table.columns.find((c) => c.name === name);
    if (column === undefined) throw columnNotFound(table.name, name);
    return { name, type: column.type, default: column.default };
  });
}

/** The mutation's own SQL (the body of the pgrst_source CTE). */
export function mutateSql(request: Mutation, table: Table, root: PlanNode, params: Params): string {
  const target = qualified(table);
  const rootFilters = request.query.read.filters.filter((entry) => entry.path.length === 0).map((entry) => entry.filter);
  const where = (scope: string, filters: Filter[]): string[] => {
    const columns = new Map(table.columns.map((c) => [c.name, c]));
    return filters.map((filter) => filterSql({ qualifier: scope, columns, children: [] }, filter, params));
  };
  const returned = returningSql(target, returnings(request, root, table.primaryKey));
  const defaults = request.preferences.missing === 'default';

  if (request.action === 'insert' || request.action === 'put') {
    const fields = bodyFields(table, request.payload.columns);
    const columns = fields.length === 0 ? ' ' : `(${fields.map((f) => ident(f.name)).join(', ')}) `;
    const body = bodySql(request.payload.json, fields, { select: true, limitOne: false, defaults: request.action === 'insert' && defaults }, params);
    let conditions = '';
    let conflict = '';
    if (request.action === 'put') {
      checkPutFilters(rootFilters, table.primaryKey, request.query.read.filters.length !== rootFilters.length);
      // The row is written only when its body's key is the one the URL names.
      conditions = `WHERE ${countInserted(true)} AND ${where('"pgrst_body"', rootFilters).join(' AND ')}`;
      conflict = conflictSql(table.primaryKey, 'merge-duplicates', fields, true);
    } else {
      const resolution = request.preferences.resolution;
      if (resolution === 'merge-duplicates') conditions = `WHERE ${countInserted(true)}`;
      if (resolution !== undefined) conflict = conflictSql(request.query.onConflict ?? table.primaryKey, resolution, fields, resolution === 'merge-duplicates');
    }
    return `INSERT INTO ${target}${columns}${body}${conditions}${conflict} ${returned}`;
  }

  const logic = where(target, rootFilters);
  const whereLogic = logic.length === 0 ? '' : ` WHERE ${logic.join(' AND ')}`;
  const order = request.query.read.order.find((entry) => entry.path.length === 0)?.terms ?? [];
  const ranged = request.range.offset !== 0 || request.range.limit !== undefined;
  if (ranged && order.length === 0) {
    throw restError(400, 'PGRST109', "A 'limit' was applied without an explicit 'order'", null, "Apply an 'order' using unique column(s)");
  }
  const orderSql = order.map((term) => `${fieldSql(target, term.field, undefined, params)}${term.direction ? ` ${term.direction.toUpperCase()}` : ''}${term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : ''}`).join(', ');
  // PostgREST v12.0.1 identifies the ranged rows by the order's columns.
  const affected = order.map((term) => `${target}.${ident(term.field.name)} = ${qualified(alias('pgrst_affected_rows'))}.${ident(term.field.name)}`).join(' AND ');
  const affectedSelect = `pgrst_affected_rows AS (SELECT ${order.map((term) => `${target}.${ident(term.field.name)}`).join(', ')} FROM ${target}${whereLogic} ORDER BY ${orderSql} ${rangeSql(request.range, params)})`;

  if (request.action === 'delete') {
    if (!ranged) return `DELETE FROM ${target} ${whereLogic} ${returned}`;
    return `WITH ${affectedSelect} DELETE FROM ${target} USING pgrst_affected_rows WHERE ${affected} ${returned}`;
  }
  const fields = bodyFields(table, request.payload.columns);
  if (fields.length === 0) {
    // `UPDATE t SET` with nothing to set is not SQL; an empty result keeps the select's columns valid.
    const names = returnings(request, root, table.primaryKey);
    const shown = names.length === 0 ? 'NULL' : names.map((name) => (name === '*' ? `${ident(table.name)}.*` : `${ident(table.name)}.${ident(name)}`)).join(', ');
    return `SELECT ${shown} FROM ${target} WHERE false`;
  }
  if (!ranged) {
    const sets = fields.map((f) => `${ident(f.name)} = "pgrst_body".${ident(f.name)}`).join(', ');
    return `UPDATE ${target} SET ${sets} ${bodySql(request.payload.json, fields, { select: false, limitOne: false, defaults }, params)}${whereLogic} ${returned}`;
  }
  const sets = fields.map((f) => `${ident(f.name)} = (SELECT ${ident(f.name)} FROM pgrst_update_body) `).join(', ');
  return `WITH pgrst_update_body AS (${bodySql(request.payload.json, fields, { select: true, limitOne: true, defaults }, params)}), ${affectedSelect} `
    + `UPDATE ${target} SET ${sets}FROM pgrst_affected_rows WHERE ${affected} ${returned}`;
}

function conflictSql(columns: string[], resolution: 'merge-duplicates' | 'ignore-duplicates', fields: BodyField[], counted: boolean): string {
  if (columns.length === 0) return '';
  const head = ` ON CONFLICT(${columns.map(ident).join(', ')}) `;
  if (resolution === 'ignore-duplicates' || fields.length === 0) return `${head}DO NOTHING`;
  const sets = fields.map((f) => `${ident(f.name)} = EXCLUDED.${ident(f.name)}`).join(', ');
  return `${head}DO UPDATE SET ${sets}${counted ? ` WHERE ${countInserted(false)}` : ''}`;
}

/** PUT names its row by `eq` on every primary key column and nothing else (PGRST105). */
function checkPutFilters(filters: Filter[], primaryKey: string[], embedFilters: boolean): void {
  const eqs = filters.filter((f) => f.kind === 'condition' && f.operator === 'eq' && !f.negated && f.quantifier === undefined && f.field.json.length === 0);
  const names = new Set(filters.map((f) => (f.kind === 'condition' ? f.field.name : '')));
  const sameKey = names.size === primaryKey.length && primaryKey.every((column) => names.has(column));
  if (embedFilters || primaryKey.length === 0 || eqs.length !== filters.length || !sameKey) throw invalidPutFilters();
}
