/**
 * The pieces every REST statement is written with: identifiers quoted the way PostgreSQL reads
 * them, and user values collected as bind parameters. Nothing a request says is ever spliced into
 * the SQL text except through `ident` (quoted) or `Params.add` (a `$n` placeholder), so a name or
 * value cannot change the statement's shape.
 */
import type { QualifiedName } from '../schema-types.js';

/**
 * A double-quoted identifier. PostgreSQL ends a name at a NUL byte, and PostgREST drops
 * everything from it, so we do too (a NUL would otherwise make pg refuse the whole text).
 */
export function ident(name: string): string {
  const cut = name.indexOf('\u0000');
  const clean = cut === -1 ? name : name.slice(0, cut);
  return `"${clean.replaceAll('"', '""')}"`;
}

/** `"schema"."name"`, or just `"name"` for an alias or CTE (an empty schema). */
export function qualified(name: QualifiedName): string {
  return name.schema === '' ? ident(name.name) : `${ident(name.schema)}.${ident(name.name)}`;
}

/** A name the SQL of a level refers to: a relation, or an alias/CTE (schema ''). */
export const alias = (name: string): QualifiedName => ({ schema: '', name });

/**
 * The bind parameters of one statement. Values go as text with no declared type, so the server
 * infers each from where it stands (`"id" = $1` makes it an integer), as PostgREST's "unknown"
 * parameters do.
 */
export class Params {
  readonly values: unknown[] = [];

  /** The placeholder of a new parameter holding `value`. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A literal PostgreSQL array of text (`{"a","b\"c"}`), the one parameter an `in` list or a
 * quantified operator binds, so the list length does not change the statement.
 */
export function arrayLiteral(items: readonly string[]): string {
  const quoted = items.map((item) => {
    const cut = item.indexOf('\u0000');
    const clean = cut === -1 ? item : item.slice(0, cut);
    return `"${clean.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  });
  return `{${quoted.join(',')}}`;
}

/**
 * A literal for a value that comes from the schema cache (never from a request): a column name
 * inside jsonb_build_object, say. Quoted as standard SQL strings.
 */
export function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
