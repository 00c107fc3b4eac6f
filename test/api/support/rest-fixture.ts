/**
 * Test support for the REST SQL builder: a small schema (films, directors, actors and their
 * roles junction, a self-reference, a view, an enum, a json column, functions) as a migration,
 * its schema cache written by hand as rest/schema/ would read it, and builders of the parsed
 * requests the HTTP layer would hand over.
 */
import type { Condition, Field, Filter, Operator, SelectItem } from '../../../tasks/api/rest/query-ast.js';
import type { Payload, RestRequest } from '../../../tasks/api/rest/rest-request.js';
import type { Column, QualifiedName, Relationship, Routine, SchemaCache, Table } from '../../../tasks/api/rest/schema-types.js';

export const MIGRATION = `
create type public.genre as enum ('drama', 'comedy', 'noir');
create table public.directors (id int primary key, name text not null);
create table public.films (
  id int primary key, title text not null,
  director_id int constraint films_director_id_fkey references public.directors(id),
  producer_id int constraint films_producer_id_fkey references public.directors(id),
  genre public.genre, data jsonb, tags text[], year int default 1999, summary text
);
create table public.actors (id int primary key, name text not null);
create table public.roles (
  film_id int constraint roles_film_id_fkey references public.films(id),
  actor_id int constraint roles_actor_id_fkey references public.actors(id),
  character text, primary key (film_id, actor_id)
);
create table public.people (id int primary key, name text, parent_id int constraint people_parent_id_fkey references public.people(id));
create view public.film_titles as select id, title, director_id from public.films;
create function public.best_films(public.directors) returns setof public.films language sql stable
  as $$ select * from public.films where director_id = $1.id and year < 2000 order by id $$;
create function public.add(a int, b int) returns int language sql immutable as $$ select a + b $$;
create function public.add(a int) returns int language sql immutable as $$ select a + 100 $$;
create function public.twice(x int) returns int language sql immutable as $$ select x * 2 $$;
create function public.twice(x text) returns text language sql immutable as $$ select x || x $$;
create function public.echo(json) returns json language sql immutable as $$ select $1 $$;
create function public.keys(payload jsonb) returns int language sql immutable as $$ select count(*)::int from jsonb_object_keys(payload) $$;
create function public.total(variadic nums int[]) returns int language sql immutable as $$ select sum(n)::int from unnest(nums) n $$;
create function public.films_of(g public.genre) returns setof public.films language sql stable as $$ select * from public.films where genre = g $$;
create function public.noop() returns void language sql as $$ select $$;
create function public.first_film() returns public.films language sql stable as $$ select * from public.films order by id limit 1 $$;
insert into public.directors values (1, 'Agnes'), (2, 'Bong'), (3, 'Claire');
insert into public.films values
  (1, 'Cleo', 1, 2, 'drama', '{"rating": 8, "meta": {"lang": "fr"}, "cast": ["a", "b"]}', '{classic,paris}', 1962, 'a singer waits for news'),
  (2, 'Parasite', 2, null, 'comedy', '{"rating": 9, "meta": {"lang": "ko"}}', '{modern}', 2019, 'a poor family schemes'),
  (3, 'Mother', 2, 1, 'noir', null, '{}', 2009, 'a mother searches for the killer'),
  (4, 'Untitled', null, null, null, null, null, 1990, null);
insert into public.actors values (1, 'Corinne'), (2, 'Song'), (3, 'Kim');
insert into public.roles values (1, 1, 'Cleo'), (2, 2, 'Kim Ki-taek'), (2, 3, 'Chung-sook'), (3, 3, 'Mother');
insert into public.people values (1, 'root', null), (2, 'child a', 1), (3, 'child b', 1);
`;

const pub = (name: string): QualifiedName => ({ schema: 'public', name });

function column(name: string, type: string, extra: Partial<Column> = {}): Column {
  return { name, type, nominalType: type, nullable: true, generated: false, ...extra };
}

function table(name: string, primaryKey: string[], columns: Column[], kind: Table['kind'] = 'table'): Table {
  return { ...pub(name), kind, insertable: true, updatable: true, deletable: true, primaryKey, columns };
}

/** Both directions of a foreign key from `from` to `to`. */
function foreignKey(from: string, to: string, constraint: string, columns: Array<[string, string]>): Relationship[] {
  const self = from === to;
  return [
    { kind: 'many-to-one', from: pub(from), to: pub(to), constraint, columns, self },
    { kind: 'one-to-many', from: pub(to), to: pub(from), constraint, columns: columns.map(([a, b]) => [b, a] as [string, string]), self },
  ];
}

function routine(name: string, parameters: Routine['parameters'], returns: Partial<Routine['returns']> & { type: string }): Routine {
  return { ...pub(name), parameters, returns: { setOf: false, composite: false, ...returns }, volatility: 'stable' };
}

const param = (name: string, type: string, variadic = false): Routine['parameters'][number] => ({ name, type, required: true, variadic });

/** The cache rest/schema/ would build for MIGRATION. */
export function fixtureCache(): SchemaCache {
  const filmColumns = [
    column('id', 'integer', { nullable: false }), column('title', 'text', { nullable: false }), column('director_id', 'integer'),
    column('producer_id', 'integer'), column('genre', 'public.genre', { enumValues: ['drama', 'comedy', 'noir'] }), column('data', 'jsonb'),
    column('tags', 'text[]'), column('year', 'integer', { default: '1999' }), column('summary', 'text'),
  ];
  const tables = [
    table('directors', ['id'], [column('id', 'integer', { nullable: false }), column('name', 'text', { nullable: false })]),
    table('films', ['id'], filmColumns),
    table('actors', ['id'], [column('id', 'integer', { nullable: false }), column('name', 'text', { nullable: false })]),
    table('roles', ['film_id', 'actor_id'], [column('film_id', 'integer'), column('actor_id', 'integer'), column('character', 'text')]),
    table('people', ['id'], [column('id', 'integer'), column('name', 'text'), column('parent_id', 'integer')]),
    table('film_titles', ['id'], [column('id', 'integer'), column('title', 'text'), column('director_id', 'integer')], 'view'),
  ];
  const rels: Relationship[] = [
    ...foreignKey('films', 'directors', 'films_director_id_fkey', [['director_id', 'id']]),
    ...foreignKey('films', 'directors', 'films_producer_id_fkey', [['producer_id', 'id']]),
    ...foreignKey('roles', 'films', 'roles_film_id_fkey', [['film_id', 'id']]),
    ...foreignKey('roles', 'actors', 'roles_actor_id_fkey', [['actor_id', 'id']]),
    ...foreignKey('people', 'people', 'people_parent_id_fkey', [['parent_id', 'id']]),
    ...foreignKey('film_titles', 'directors', 'films_director_id_fkey', [['director_id', 'id']]),
    {
      kind: 'many-to-many', from: pub('films'), to: pub('actors'), junction: pub('roles'),
      fromConstraint: 'roles_film_id_fkey', fromColumns: [['id', 'film_id']], toConstraint: 'roles_actor_id_fkey', toColumns: [['actor_id', 'id']],
    },
    {
      kind: 'many-to-many', from: pub('actors'), to: pub('films'), junction: pub('roles'),
      fromConstraint: 'roles_actor_id_fkey', fromColumns: [['id', 'actor_id']], toConstraint: 'roles_film_id_fkey', toColumns: [['film_id', 'id']],
    },
    { kind: 'computed', from: pub('directors'), to: pub('films'), function: pub('best_films'), toMany: true },
  ];
  const relationships = new Map<string, Relationship[]>();
  for (const rel of rels) {
    const key = `${rel.from.schema}.${rel.from.name}`;
    relationships.set(key, [...(relationships.get(key) ?? []), rel]);
  }
  const routines = [
    routine('best_films', [param('', 'public.directors')], { type: 'public.films', setOf: true, composite: true, relation: pub('films') }),
    routine('add', [param('a', 'integer'), param('b', 'integer')], { type: 'integer' }),
    routine('add', [param('a', 'integer')], { type: 'integer' }),
    routine('twice', [param('x', 'integer')], { type: 'integer' }),
    routine('twice', [param('x', 'text')], { type: 'text' }),
    routine('echo', [param('', 'json')], { type: 'json' }),
    routine('keys', [param('payload', 'jsonb')], { type: 'integer' }),
    routine('total', [param('nums', 'integer[]', true)], { type: 'integer' }),
    routine('films_of', [param('g', 'public.genre')], { type: 'public.films', setOf: true, composite: true, relation: pub('films') }),
    routine('noop', [], { type: 'void' }),
    routine('first_film', [], { type: 'public.films', composite: true, relation: pub('films') }),
  ];
  const routineMap = new Map<string, Routine[]>();
  for (const r of routines) routineMap.set(`public.${r.name}`, [...(routineMap.get(`public.${r.name}`) ?? []), r]);
  return {
    schemas: ['public'],
    tables: new Map(tables.map((t) => [`public.${t.name}`, t])),
    relationships,
    routines: routineMap,
    serverVersion: 150000,
  };
}

/** A field, `data->meta->>lang` written as ('data', ['->', 'meta'], ['->>', 'lang']). */
export function field(name: string, ...json: Array<['->' | '->>', string]>): Field {
  return { name, json: json.map(([arrow, key]) => ({ arrow, key, index: /^\d+$/.test(key) })) };
}

export const star: SelectItem = { kind: 'star' };

export function col(name: string, extra: { alias?: string; cast?: string; json?: Array<['->' | '->>', string]> } = {}): SelectItem {
  return { kind: 'column', field: field(name, ...(extra.json ?? [])), alias: extra.alias, cast: extra.cast };
}

export function embed(relation: string, select: SelectItem[], extra: { alias?: string; hint?: string; inner?: boolean; spread?: boolean } = {}): SelectItem {
  return { kind: 'embed', relation, alias: extra.alias, hint: extra.hint, join: extra.inner ? 'inner' : 'left', spread: extra.spread ?? false, select };
}

export function cond(name: string | Field, operator: Operator, value: string | string[], extra: Partial<Condition> = {}): Condition {
  return { kind: 'condition', field: typeof name === 'string' ? field(name) : name, negated: false, operator, value, ...extra };
}

export interface RequestParts {
  select?: SelectItem[];
  filters?: Array<Filter | [string[], Filter]>;
  order?: RestRequest['query']['read']['order'];
  ranges?: RestRequest['query']['read']['ranges'];
  preferences?: RestRequest['preferences'];
  media?: RestRequest['media'];
  range?: RestRequest['range'];
  onConflict?: string[];
  rpcArgs?: Array<[string, string]>;
}

function base(target: string, parts: RequestParts) {
  return {
    target: pub(target),
    query: {
      read: {
        select: parts.select ?? [star],
        filters: (parts.filters ?? []).map((f) => (Array.isArray(f) ? { path: f[0], filter: f[1] } : { path: [], filter: f })),
        order: parts.order ?? [],
        ranges: parts.ranges ?? [],
      },
      onConflict: parts.onConflict,
      rpcArgs: parts.rpcArgs ?? [],
    },
    preferences: parts.preferences ?? {},
    media: parts.media ?? 'json',
    range: parts.range ?? { offset: 0 },
  };
}

export const read = (target: string, parts: RequestParts = {}): RestRequest => ({ ...base(target, parts), action: 'read', headOnly: false });

export function payload(body: unknown, columns?: string[]): Payload {
  const rows = Array.isArray(body) ? body : [body];
  return { json: JSON.stringify(body), columns: columns ?? Object.keys((rows[0] ?? {}) as object), array: Array.isArray(body) };
}

export function write(action: 'insert' | 'put' | 'update', target: string, body: Payload, parts: RequestParts = {}): RestRequest {
  return { ...base(target, parts), action, payload: body };
}

export const remove = (target: string, parts: RequestParts = {}): RestRequest => ({ ...base(target, parts), action: 'delete' });

export function call(name: string, method: 'GET' | 'POST', body?: Payload, parts: RequestParts = {}): RestRequest {
  return { ...base(name, parts), action: 'call', method, payload: body };
}
