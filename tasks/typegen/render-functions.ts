/**
 * The Functions section: one entry per function name; overloads become a union of
 * `{ Args; Returns }` members, each with its own return type, in postgres-meta v0.77.2's order.
 * That order is a plain string sort of each member's text before prettier formats it, so the
 * unformatted text is built alongside the type (see `unformatted`).
 */
import type { CatalogFunction } from './catalog.types.js';
import { columnType, groupBy, scalarTypeById, typeById, type RenderContext } from './render-context.js';
import { arrayOf, object, text, union, type TsMember, type TsType } from './ts-type.js';

/** A type and the text postgres-meta writes for it before formatting. */
interface Spelled {
  type: TsType;
  raw: string;
}

/** The entries of one schema's Functions section; `functions` are already sorted by name. */
export function functionEntries(functions: CatalogFunction[], ctx: RenderContext): TsMember[] {
  const groups = [...groupBy(functions, (fn) => fn.name)];
  // The groups are object keys in postgres-meta, so integer-like names come first, in numeric order.
  const integerLike = (name: string) => /^(0|[1-9][0-9]*)$/.test(name) && Number(name) < 2 ** 32 - 1;
  const ordered = [
    ...groups.filter(([name]) => integerLike(name)).sort(([a], [b]) => Number(a) - Number(b)),
    ...groups.filter(([name]) => !integerLike(name)),
  ];
  return ordered.map(([name, overloads]) => {
    const members = overloads.map((fn) => overload(fn, ctx)).sort((a, b) => (a.raw < b.raw ? -1 : a.raw > b.raw ? 1 : 0));
    return { key: name, type: union(members.map((member) => member.type)) };
  });
}

function overload(fn: CatalogFunction, ctx: RenderContext): Spelled {
  const args = functionArgs(fn, ctx);
  const returns = functionReturns(fn, ctx);
  const type = object([
    { key: 'Args', type: args.type },
    { key: 'Returns', type: fn.isSetReturning ? arrayOf(returns.type) : returns.type },
  ]);
  const raw = `{\n${pad(18)}Args: ${args.raw}\n${pad(18)}Returns: (${returns.raw})${fn.isSetReturning ? '[]' : ''}\n${pad(16)}}`;
  return { type, raw };
}

/** Only `in` arguments: PostgREST passes neither inout nor variadic ones by name. */
function functionArgs(fn: CatalogFunction, ctx: RenderContext): Spelled {
  const inputs = fn.args.filter((arg) => arg.mode === 'in');
  if (inputs.length === 0) return { type: text('Record<PropertyKey, never>'), raw: 'Record<PropertyKey, never>' };
  const members = inputs.map((arg) => ({ key: arg.name, optional: arg.hasDefault, type: typeById(arg.typeId, ctx) }));
  return {
    type: object(members),
    raw: unformattedObject(members.map((m) => `${JSON.stringify(m.key)}${m.optional ? '?' : ''}: ${unformatted(m.type)}`), 22),
  };
}

/** `returns table (...)` columns, else the rows of a table or view, else the return type itself. */
function functionReturns(fn: CatalogFunction, ctx: RenderContext): Spelled {
  const tableColumns = fn.args.filter((arg) => arg.mode === 'table');
  if (tableColumns.length > 0) {
    const members = tableColumns.map((arg) => ({ key: arg.name, type: typeById(arg.typeId, ctx) }));
    return { type: object(members), raw: unformattedObject(members.map((m) => `${JSON.stringify(m.key)}: ${unformatted(m.type)}`), 24) };
  }
  const relation = fn.returnTypeRelationId === null ? undefined : ctx.relationsById.get(fn.returnTypeRelationId);
  if (relation) {
    const columns = ctx.columnsByTable.get(relation.id) ?? [];
    return {
      type: object(columns.map((column) => ({ key: column.name, type: columnType(column, ctx) }))),
      raw: unformattedObject(columns.map((column) => {
        const base = unformatted(columnType({ ...column, isNullable: false }, ctx));
        return `${JSON.stringify(column.name)}: ${base} ${column.isNullable ? '| null' : ''}`;
      }), 24),
    };
  }
  const type = scalarTypeById(fn.returnTypeId, ctx);
  return { type, raw: unformatted(type) };
}

/** An object type as the template writes it: members on one line, joined by commas. */
function unformattedObject(members: string[], indent: number): string {
  return `{\n${pad(indent)}${members.join(',')}\n${pad(indent - 2)}}`;
}

/**
 * A type as postgres-meta's type mapper spells it: arrays as `(T)[]`, unions joined by `|`, and
 * `Database[...]` paths with single-quoted section names.
 */
function unformatted(type: TsType): string {
  switch (type.kind) {
    case 'text':
      return type.text.replace(/^(Database\["(?:[^"\\]|\\.)*"\])\["(Enums|CompositeTypes)"\]/, "$1['$2']");
    case 'array':
      return `(${unformatted(type.element)})[]`;
    case 'union':
      return type.members.map(unformatted).join('|');
    case 'tuple':
    case 'object':
      // Never produced by the type mapper; objects above are spelled by their callers.
      return '';
  }
}

const pad = (count: number) => ' '.repeat(count);
