/**
 * What a PostgREST request's query string means, once parsed (rest/grammar/ builds it; rest/sql/
 * turns it into one SQL statement against the schema cache). The shapes follow PostgREST v12's
 * grammar: nothing here knows the database, so a name is only a name until the SQL builder finds
 * it in the schema cache (a filter on an embed's alias, `actors=not.is.null`, looks like one on a
 * column until then).
 */

/** One step of a JSON path: `->` keeps JSON, `->>` gives text. A key of digits (`->0`) indexes an array. */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
  /** True when the key was written as digits (PostgREST sends it as an integer index). */
  index: boolean;
}

/** A column, or a path into a json/jsonb column: `data->a->>b`. */
export interface Field {
  name: string;
  json: JsonStep[];
}

export type SelectItem = StarItem | ColumnItem | EmbedItem;

/** `*`: every column of the relation, in order. */
export interface StarItem {
  kind: 'star';
}

/** `alias:name->path::cast`. Without an alias a JSON path's output is named by its last key. */
export interface ColumnItem {
  kind: 'column';
  field: Field;
  alias?: string;
  cast?: string;
  /**
   * `col.sum()::int`, `count()` (whose field is `*`): v12 parses aggregates but answers them with
   * PGRST123 "Use of aggregate functions is not allowed" unless `db-aggregates-enabled`, which the
   * original's stack leaves off; the parser keeps them so the SQL builder can refuse them so.
   */
  aggregate?: { fn: AggregateFunction; cast?: string };
}

export type AggregateFunction = 'count' | 'sum' | 'avg' | 'max' | 'min';

/**
 * An embedded resource: `alias:relation!hint!inner(select)`, or `...relation(select)` (spread: its
 * columns join the parent's object). `relation` names a table, a view, a foreign key constraint, a
 * column of a foreign key or a computed relationship (a function); `hint` disambiguates among
 * several relationships.
 */
export interface EmbedItem {
  kind: 'embed';
  relation: string;
  alias?: string;
  hint?: string;
  /** `!inner`: parent rows without a match are left out. `!left` is the default and says so. */
  join: 'left' | 'inner';
  spread: boolean;
  select: SelectItem[];
}

export const OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte',
  'like', 'ilike', 'match', 'imatch',
  'in', 'is', 'isdistinct',
  'fts', 'plfts', 'phfts', 'wfts',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj',
] as const;
export type Operator = (typeof OPERATORS)[number];

/** `col=not.op(any).value` or `col=fts(english).value`. */
export interface Condition {
  kind: 'condition';
  field: Field;
  negated: boolean;
  operator: Operator;
  /** `eq(any)`, `like(all)`: the value is a list, `{a,b}`. Only eq, gt, gte, lt, lte, like, ilike, match, imatch take one (v12's neq does not). */
  quantifier?: 'any' | 'all';
  /** The text search configuration of an fts operator: `fts(english)`. */
  language?: string;
  /**
   * The operand as written: text for most operators; a list for `in` (`in.(a,"b,c")`) and for
   * quantified ones; for `is`, one of null, true, false, unknown (lower-cased; v12.0.1's grammar
   * has no not_null, `not.is.null` says it). `like.*a*` keeps its `*`: the SQL builder makes it `%`.
   */
  value: string | string[];
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))`, `not.and=(...)`. */
export interface LogicTree {
  kind: 'and' | 'or';
  negated: boolean;
  children: Array<Condition | LogicTree>;
}

export type Filter = Condition | LogicTree;

/**
 * Where a query-string parameter applies: [] is the request's own relation, ['films'] the embed
 * aliased or named `films`, ['films', 'actors'] one inside it (`films.actors.name=eq.x`).
 */
export type EmbedPath = string[];

export interface OrderTerm {
  field: Field;
  /** `order=clients(name).desc`: ordering by a column of a to-one embed. */
  relation?: string;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** The read part of a request: everything `select`, filters, `order`, `limit` and `offset` say. */
export interface ReadQuery {
  /** Defaults to `[{ kind: 'star' }]` when `select` is absent. */
  select: SelectItem[];
  filters: Array<{ path: EmbedPath; filter: Filter }>;
  order: Array<{ path: EmbedPath; terms: OrderTerm[] }>;
  /**
   * `limit=`/`offset=` (`films.limit=`), as Haskell's `read` takes an integer: a value that is not
   * one is ignored, as v12.0.1 ignores it; a negative one is kept (the request's range check turns
   * a negative limit into PGRST103).
   */
  ranges: Array<{ path: EmbedPath; limit?: number; offset?: number }>;
}

/** A whole query string, parsed. */
export interface ParsedQuery {
  read: ReadQuery;
  /** `on_conflict=a,b` (upsert target). */
  onConflict?: string[];
  /** `columns=a,b` (the columns an insert or RPC body is read for). */
  columns?: string[];
  /**
   * GET and HEAD on /rpc/: parameters that are function arguments, not filters (PostgREST counts a
   * parameter as a filter when its key has an embed path or its value starts with an operator).
   * Repeated keys keep every value (a variadic or array argument).
   */
  rpcArgs: Array<[string, string]>;
}
