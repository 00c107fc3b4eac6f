/**
 * The REST SQL builder against a real PostgreSQL 15: hand-built requests on a small schema (see
 * support/rest-fixture.ts) become one statement each, run in a transaction that is rolled back,
 * and the JSON they answer is checked as a PostgREST v12.0.1 client would see it. Plan-time
 * errors are checked by their PostgREST code and texts, database errors by their SQLSTATE.
 */
import assert from 'node:assert/strict';
import type pg from 'pg';
import { ApiError } from '../../tasks/api/common/api-error.js';
import type { RestRequest, StatementResult } from '../../tasks/api/rest/rest-request.js';
import type { SchemaCache } from '../../tasks/api/rest/schema-types.js';
import { loadSchemaCache } from '../../tasks/api/rest/schema/load-schema-cache.js';
import { buildStatement } from '../../tasks/api/rest/sql/build-statement.js';
import { connectUrl } from '../../tasks/db/connect.js';
import { startProject, type RunningProject } from '../integration/support/running-project.js';
import { call, col, cond, embed, field, fixtureCache, MIGRATION, payload, read, remove, star, write, type RequestParts } from './support/rest-fixture.js';

// Once with the cache written by hand, once with the one rest/schema/ reads from the catalog, so
// the builder is checked on its contract and with the loader it runs beside.
for (const source of ['hand-written', 'loaded'] as const) describe(`REST SQL builder (${source} schema cache)`, function () {
  this.timeout(180_000);
  let project: RunningProject;
  let client: pg.Client;
  let cache: SchemaCache = fixtureCache();

  before(async () => {
    project = await startProject({ 'migrations/20240101000000_fixture.sql': MIGRATION });
    client = await connectUrl(project.dbUrl);
    if (source === 'loaded') cache = await loadSchemaCache(client, ['public']);
  });
  after(async () => {
    await client?.end().catch(() => undefined);
    await project?.dispose();
  });

  /** Runs the request's statement in a transaction rolled back afterwards. */
  async function run(request: RestRequest, options: { maxRows?: number } = {}): Promise<StatementResult & { json: unknown }> {
    const statement = buildStatement(request, cache, options);
    await client.query('begin');
    try {
      const result = await client.query<StatementResult>(statement.text, statement.values);
      assert.equal(result.rows.length, 1, 'one row answers every statement');
      const row = result.rows[0];
      return { ...row, json: row.body === null || request.media === 'csv' ? row.body : JSON.parse(row.body) };
    } finally {
      await client.query('rollback');
    }
  }

  /** The error the statement's planning throws. */
  function planError(request: RestRequest): ApiError {
    try {
      buildStatement(request, cache, {});
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
    assert.fail('expected a plan-time error');
  }

  async function databaseError(request: RestRequest): Promise<{ code: string; message: string }> {
    try {
      await run(request);
    } catch (error) {
      return error as { code: string; message: string };
    }
    assert.fail('expected the database to refuse the statement');
  }

  describe('reads', () => {
    it('selects columns with aliases, casts and JSON paths named as PostgREST names them', async () => {
      const { json } = await run(read('films', {
        select: [col('id', { alias: 'key' }), col('year', { cast: 'text' }), col('data', { json: [['->>', 'rating']] }),
          col('data', { json: [['->', 'meta'], ['->>', 'lang']] }), col('data', { json: [['->', 'cast'], ['->', '0']] })],
        filters: [cond('id', 'eq', '1')],
      }));
      assert.deepEqual(json, [{ key: 1, year: '1962', rating: '8', lang: 'fr', cast: 'a' }]);
    });

    it('answers every column for *, JSON paths on a non-json column through to_jsonb, and [] for no rows', async () => {
      const { json } = await run(read('films', { select: [col('id'), col('tags', { json: [['->>', '0']] })], filters: [cond('id', 'lt', '3')], order: [{ path: [], terms: [{ field: field('id') }] }] }));
      assert.deepEqual(json, [{ id: 1, tags: 'classic' }, { id: 2, tags: 'modern' }]);
      assert.deepEqual((await run(read('films', { filters: [cond('id', 'eq', '99')] }))).json, []);
      const all = (await run(read('directors', { filters: [cond('id', 'eq', '1')] }))).json;
      assert.deepEqual(all, [{ id: 1, name: 'Agnes' }]);
    });

    it('embeds many-to-one as an object (or null), one-to-many as an array, many-to-many through the junction', async () => {
      const { json } = await run(read('films', {
        select: [col('title'), embed('directors', [col('name')], { hint: 'films_director_id_fkey' }), embed('roles', [col('character')]), embed('actors', [col('name')])],
        order: [{ path: [], terms: [{ field: field('id') }] }, { path: ['actors'], terms: [{ field: field('name') }] }],
      }));
      assert.deepEqual(json, [
        { title: 'Cleo', directors: { name: 'Agnes' }, roles: [{ character: 'Cleo' }], actors: [{ name: 'Corinne' }] },
        { title: 'Parasite', directors: { name: 'Bong' }, roles: [{ character: 'Kim Ki-taek' }, { character: 'Chung-sook' }], actors: [{ name: 'Kim' }, { name: 'Song' }] },
        { title: 'Mother', directors: { name: 'Bong' }, roles: [{ character: 'Mother' }], actors: [{ name: 'Kim' }] },
        { title: 'Untitled', directors: null, roles: [], actors: [] },
      ]);
    });

    it('embeds by a foreign key column name, a self-reference both ways, a view and a computed relationship', async () => {
      const byColumn = await run(read('films', { select: [col('id'), embed('producer_id', [col('name')], { alias: 'producer' })], filters: [cond('id', 'eq', '1')] }));
      assert.deepEqual(byColumn.json, [{ id: 1, producer: { name: 'Bong' } }]);
      const family = await run(read('people', { select: [col('name'), embed('parent_id', [col('name')], { alias: 'parent' }), embed('people', [col('name')], { alias: 'children' })], filters: [cond('id', 'lte', '2')], order: [{ path: [], terms: [{ field: field('id') }] }] }));
      assert.deepEqual(family.json, [
        { name: 'root', parent: null, children: [{ name: 'child a' }, { name: 'child b' }] },
        { name: 'child a', parent: { name: 'root' }, children: [] },
      ]);
      const view = await run(read('film_titles', { select: [col('title'), embed('directors', [col('name')])], filters: [cond('id', 'eq', '2')] }));
      assert.deepEqual(view.json, [{ title: 'Parasite', directors: { name: 'Bong' } }]);
      const computed = await run(read('directors', { select: [col('name'), embed('best_films', [col('title')])], order: [{ path: [], terms: [{ field: field('id') }] }] }));
      assert.deepEqual(computed.json, [{ name: 'Agnes', best_films: [{ title: 'Cleo' }] }, { name: 'Bong', best_films: [] }, { name: 'Claire', best_films: [] }]);
    });

    it('says PGRST200 with PostgREST\'s hint for an unknown relationship and PGRST201 with the candidates for an ambiguous one', () => {
      const none = planError(read('films', { select: [embed('actor', [star])] }));
      assert.equal(none.status, 400);
      assert.deepEqual(none.body, {
        code: 'PGRST200',
        message: "Could not find a relationship between 'films' and 'actor' in the schema cache",
        details: "Searched for a foreign key relationship between 'films' and 'actor' in the schema 'public', but no matches were found.",
        hint: "Perhaps you meant 'actors' instead of 'actor'.",
      });
      const hinted = planError(read('films', { select: [embed('directors', [star], { hint: 'nope' })] }));
      assert.equal(hinted.body.details, "Searched for a foreign key relationship between 'films' and 'directors' using the hint 'nope' in the schema 'public', but no matches were found.");
      const ambiguous = planError(read('films', { select: [embed('directors', [star])] }));
      assert.equal(ambiguous.status, 300);
      assert.deepEqual(ambiguous.body, {
        code: 'PGRST201',
        message: "Could not embed because more than one relationship was found for 'films' and 'directors'",
        details: [
          { cardinality: 'many-to-one', embedding: 'films with directors', relationship: 'films_director_id_fkey using films(director_id) and directors(id)' },
          { cardinality: 'many-to-one', embedding: 'films with directors', relationship: 'films_producer_id_fkey using films(producer_id) and directors(id)' },
        ],
        hint: "Try changing 'directors' to one of the following: 'directors!films_director_id_fkey', 'directors!films_producer_id_fkey'. Find the desired relationship in the 'details' key.",
      });
    });

    it('disambiguates by a column hint and a junction hint', async () => {
      const byColumn = await run(read('directors', { select: [col('id'), embed('films', [col('title')], { hint: 'producer_id' })], filters: [cond('id', 'eq', '1')] }));
      assert.deepEqual(byColumn.json, [{ id: 1, films: [{ title: 'Mother' }] }]);
      const byJunction = await run(read('actors', { select: [col('name'), embed('films', [col('title')], { hint: 'roles' })], filters: [cond('id', 'eq', '3')] }));
      assert.deepEqual((byJunction.json as Array<{ films: unknown[] }>)[0].films.length, 2);
    });

    it('keeps parents with matches only for !inner, spreads to-one embeds and refuses spreading to-many (PGRST119)', async () => {
      const inner = await run(read('films', {
        select: [col('title'), embed('roles', [col('character')], { inner: true })],
        filters: [[['roles'], cond('character', 'eq', 'Mother')]],
        preferences: { count: 'exact' },
      }));
      assert.deepEqual(inner.json, [{ title: 'Mother', roles: [{ character: 'Mother' }] }]);
      assert.equal(inner.total_result_set, '1');
      const spread = await run(read('films', { select: [col('title'), embed('directors', [col('name', { alias: 'director' })], { hint: 'films_director_id_fkey', spread: true })], filters: [cond('id', 'eq', '3')] }));
      assert.deepEqual(spread.json, [{ title: 'Mother', director: 'Bong' }]);
      const error = planError(read('films', { select: [embed('roles', [star], { spread: true })] }));
      assert.deepEqual(error.body, { code: 'PGRST119', message: "A spread operation on 'roles' is not possible", details: "'films' and 'roles' do not form a many-to-one or one-to-one relationship", hint: null });
    });

    it('filters, orders and limits inside embeds, tests embeds with is.null, orders by a to-one embed', async () => {
      const inside = await run(read('films', {
        select: [col('id'), embed('roles', [col('character')])],
        filters: [cond('id', 'eq', '2'), [['roles'], cond('character', 'like', '*ook')]],
        ranges: [{ path: ['roles'], limit: 1 }],
      }));
      assert.deepEqual(inside.json, [{ id: 2, roles: [{ character: 'Chung-sook' }] }]);
      const withRoles = await run(read('films', {
        select: [col('id'), embed('roles', [col('character')])],
        filters: [[['roles'], cond('character', 'eq', 'Cleo')], cond('roles', 'is', 'null', { negated: true })],
        preferences: { count: 'exact' },
      }));
      assert.deepEqual(withRoles.json, [{ id: 1, roles: [{ character: 'Cleo' }] }]);
      assert.equal(withRoles.total_result_set, '1');
      const without = await run(read('films', { select: [col('id'), embed('directors', [col('name')], { hint: 'films_director_id_fkey' })], filters: [cond('directors', 'is', 'null')] }));
      assert.deepEqual(without.json, [{ id: 4, directors: null }]);
      const ordered = await run(read('films', {
        select: [col('id'), embed('directors', [col('name')], { hint: 'films_director_id_fkey' })],
        filters: [cond('director_id', 'is', 'null', { negated: true })],
        order: [{ path: [], terms: [{ relation: 'directors', field: field('name'), direction: 'desc' }, { field: field('id') }] }],
      }));
      assert.deepEqual((ordered.json as Array<{ id: number }>).map((f) => f.id), [2, 3, 1]);
      assert.equal(planError(read('directors', { select: [embed('films', [star], { hint: 'director_id' })], order: [{ path: [], terms: [{ relation: 'films', field: field('id') }] }] })).body.code, 'PGRST118');
      assert.equal(planError(read('films', { filters: [[['roles'], cond('id', 'eq', '1')]] })).body.code, 'PGRST108');
    });

    it('writes every filter operator as PostgREST does', async () => {
      const ids = async (...filters: NonNullable<RequestParts['filters']>): Promise<number[]> => {
        const result = await run(read('films', { select: [col('id')], filters, order: [{ path: [], terms: [{ field: field('id') }] }] }));
        return (result.json as Array<{ id: number }>).map((row) => row.id);
      };
      assert.deepEqual(await ids(cond('title', 'like', '*ar*')), [2]);
      assert.deepEqual(await ids(cond('title', 'ilike', 'm*')), [3]);
      assert.deepEqual(await ids(cond('title', 'match', '^[CP]')), [1, 2]);
      assert.deepEqual(await ids(cond('title', 'imatch', '^c')), [1]);
      assert.deepEqual(await ids(cond('id', 'in', ['1', '3'])), [1, 3]);
      assert.deepEqual(await ids(cond('id', 'in', [])), []);
      assert.deepEqual(await ids(cond('genre', 'is', 'null')), [4]);
      assert.deepEqual(await ids(cond('genre', 'isdistinct', 'drama')), [2, 3, 4]);
      assert.deepEqual(await ids(cond('id', 'neq', '1'), cond('id', 'gte', '2'), cond('id', 'lt', '4')), [2, 3]);
      assert.deepEqual(await ids(cond('summary', 'fts', 'singer & waits', { language: 'english' })), [1]);
      assert.deepEqual(await ids(cond('summary', 'plfts', 'poor family')), [2]);
      assert.deepEqual(await ids(cond('summary', 'phfts', 'the killer', { language: 'english' })), [3]);
      assert.deepEqual(await ids(cond('summary', 'wfts', '"a mother" -singer')), [3]);
      assert.deepEqual(await ids(cond('tags', 'cs', '{paris}')), [1]);
      assert.deepEqual(await ids(cond('tags', 'cd', '{modern,other}')), [2, 3]);
      assert.deepEqual(await ids(cond('tags', 'ov', '{modern,classic}')), [1, 2]);
      assert.deepEqual(await ids(cond('title', 'eq', ['Cleo', 'Mother'], { quantifier: 'any' })), [1, 3]);
      assert.deepEqual(await ids(cond('title', 'like', ['*e*', '*o*'], { quantifier: 'all' })), [1, 3]);
      assert.deepEqual(await ids(cond(field('data', ['->', 'meta'], ['->>', 'lang']), 'eq', 'ko')), [2]);
      assert.deepEqual(await ids(cond(field('data', ['->', 'rating']), 'gt', '8')), [2]);
      assert.deepEqual(await ids(cond('title', 'eq', "x' or '1'='1")), []);
      assert.deepEqual(await ids(cond('id', 'eq', '1', { negated: true }), cond('id', 'eq', '4', { negated: true })), [2, 3]);
      assert.deepEqual(await ids({ kind: 'or', negated: false, children: [cond('id', 'eq', '1'), { kind: 'and', negated: false, children: [cond('year', 'gt', '2000'), cond('genre', 'eq', 'noir')] }] }), [1, 3]);
      assert.deepEqual(await ids({ kind: 'or', negated: true, children: [cond('id', 'eq', '1'), cond('id', 'eq', '2')] }), [3, 4]);
    });

    it('refuses aggregates with PGRST123, as v12.0.1 does while db-aggregates-enabled is off', () => {
      const sum = planError(read('films', { select: [{ kind: 'column', field: field('year'), aggregate: { fn: 'sum' } }] }));
      assert.equal(sum.status, 400);
      assert.deepEqual(sum.body, { code: 'PGRST123', message: 'Use of aggregate functions is not allowed', details: null, hint: null });
      const nested = planError(read('directors', { select: [embed('best_films', [{ kind: 'column', field: field('*'), aggregate: { fn: 'count' } }])] }));
      assert.equal(nested.body.code, 'PGRST123');
    });

    it('lets the database refuse an unknown column (42703) and an unknown table (42P01)', async () => {
      const column = await databaseError(read('films', { select: [col('nope')] }));
      assert.equal(column.code, '42703');
      const relation = await databaseError(read('nope'));
      assert.equal(relation.code, '42P01');
    });

    it('counts exactly, gives the planner\'s count statement, pages with the range and caps with max_rows', async () => {
      const paged = await run(read('films', { select: [col('id')], order: [{ path: [], terms: [{ field: field('id'), direction: 'desc', nulls: 'last' }] }], range: { offset: 1, limit: 2 }, preferences: { count: 'exact' } }));
      assert.deepEqual(paged.json, [{ id: 3 }, { id: 2 }]);
      assert.equal(paged.total_result_set, '4');
      assert.equal(paged.page_total, '2');
      const capped = await run(read('films', { select: [col('id')], order: [{ path: [], terms: [{ field: field('id') }] }] }), { maxRows: 3 });
      assert.deepEqual(capped.json, [{ id: 1 }, { id: 2 }, { id: 3 }]);
      const planned = buildStatement(read('films', { filters: [cond('id', 'gt', '1')], preferences: { count: 'planned' } }), cache, {});
      assert.ok(planned.countPlan);
      const plan = await client.query(planned.countPlan.text, planned.countPlan.values);
      const rows = (Object.values(plan.rows[0])[0] as Array<{ Plan: { 'Plan Rows': number } }>)[0].Plan['Plan Rows'];
      assert.equal(typeof rows, 'number');
      assert.equal((await run(read('films', { preferences: { count: 'planned' } }))).total_result_set, '4');
    });

    it('answers one object for the object media, CSV text for csv, and no body for HEAD', async () => {
      const one = await run({ ...read('directors', { filters: [cond('id', 'eq', '2')] }), media: 'object' });
      assert.deepEqual(one.json, { id: 2, name: 'Bong' });
      assert.equal(one.page_total, '1');
      const csv = await run({ ...read('directors', { order: [{ path: [], terms: [{ field: field('id') }] }] }), media: 'csv' });
      assert.equal(csv.body, 'id,name\n1,Agnes\n2,Bong\n3,Claire');
      const head = await run({ ...read('directors'), action: 'read', headOnly: true });
      assert.equal(head.body, null);
      assert.equal(head.page_total, '3');
    });
  });

  describe('writes', () => {
    it('inserts one row and many, answering the representation with embeds, and the Location key', async () => {
      const one = await run(write('insert', 'films', payload({ id: 10, title: 'Vagabond', director_id: 1 }), { select: [col('id'), col('year'), embed('directors', [col('name')], { hint: 'films_director_id_fkey' })], preferences: { return: 'representation' } }));
      assert.deepEqual(one.json, [{ id: 10, year: 1999, directors: { name: 'Agnes' } }]);
      const many = await run(write('insert', 'actors', payload([{ id: 10, name: 'A' }, { id: 11, name: 'B' }]), { preferences: { return: 'representation' } }));
      assert.deepEqual(many.json, [{ id: 10, name: 'A' }, { id: 11, name: 'B' }]);
      const headers = await run(write('insert', 'roles', payload({ film_id: 4, actor_id: 1, character: 'x' }), { preferences: { return: 'headers-only' } }));
      assert.equal(headers.location, 'film_id=eq.4&actor_id=eq.1');
      assert.equal(headers.body, null);
      const minimal = await run(write('insert', 'actors', payload([{ id: 12, name: 'C' }, { id: 13, name: 'D' }]), { preferences: { return: 'minimal' } }));
      assert.equal(minimal.page_total, '2');
      assert.equal(minimal.body, null);
    });

    it('fills missing keys with defaults for missing=default, reads only columns=, and refuses unknown columns (PGRST204)', async () => {
      const body = payload([{ id: 20, title: 'A', year: 2001 }, { id: 21, title: 'B' }]);
      const nulls = await run(write('insert', 'films', body, { select: [col('id'), col('year')], preferences: { return: 'representation' } }));
      assert.deepEqual(nulls.json, [{ id: 20, year: 2001 }, { id: 21, year: null }]);
      const defaults = await run(write('insert', 'films', body, { select: [col('id'), col('year')], preferences: { return: 'representation', missing: 'default' } }));
      assert.deepEqual(defaults.json, [{ id: 20, year: 2001 }, { id: 21, year: 1999 }]);
      const columns = await run(write('insert', 'films', payload({ id: 22, title: 'C', year: 1 }, ['id', 'title']), { select: [col('year')], preferences: { return: 'representation' } }));
      assert.deepEqual(columns.json, [{ year: 1999 }]);
      assert.deepEqual(planError(write('insert', 'films', payload({ id: 23, nope: 1 }))).body, { code: 'PGRST204', message: "Column 'nope' of relation 'films' does not exist", details: null, hint: null });
    });

    it('upserts: merge-duplicates updates and counts inserted rows, ignore-duplicates keeps, on_conflict picks the key', async () => {
      const merged = await run(write('insert', 'directors', payload([{ id: 1, name: 'Varda' }, { id: 9, name: 'New' }]), { preferences: { return: 'representation', resolution: 'merge-duplicates' } }));
      assert.deepEqual(merged.json, [{ id: 1, name: 'Varda' }, { id: 9, name: 'New' }]);
      assert.equal(merged.response_inserted, '1');
      const ignored = await run(write('insert', 'directors', payload([{ id: 1, name: 'Varda' }, { id: 8, name: 'Other' }]), { preferences: { return: 'representation', resolution: 'ignore-duplicates' } }));
      assert.deepEqual(ignored.json, [{ id: 8, name: 'Other' }]);
      await client.query('create unique index if not exists people_name on public.people (name)');
      const byName = await run(write('insert', 'people', payload({ id: 40, name: 'child b' }), { onConflict: ['name'], preferences: { return: 'representation', resolution: 'merge-duplicates' } }));
      assert.deepEqual(byName.json, [{ id: 40, name: 'child b', parent_id: 1 }]);
      assert.equal(byName.response_inserted, '0');
    });

    it('updates and deletes the filtered rows, a limited one through its order', async () => {
      const updated = await run(write('update', 'films', payload({ year: 2000 }), { select: [col('id'), col('year')], filters: [cond('director_id', 'eq', '2')], preferences: { return: 'representation' } }));
      assert.deepEqual(updated.json, [{ id: 2, year: 2000 }, { id: 3, year: 2000 }]);
      const limited = await run(write('update', 'films', payload({ year: 1 }), { select: [col('id')], order: [{ path: [], terms: [{ field: field('id'), direction: 'desc' }] }], range: { offset: 0, limit: 1 }, preferences: { return: 'representation' } }));
      assert.deepEqual(limited.json, [{ id: 4 }]);
      const deleted = await run(remove('roles', { filters: [cond('film_id', 'eq', '2')], preferences: { return: 'representation' }, select: [col('character')] }));
      assert.deepEqual(deleted.json, [{ character: 'Kim Ki-taek' }, { character: 'Chung-sook' }]);
      const counted = await run(remove('people', { filters: [cond('parent_id', 'eq', '1')] }));
      assert.equal(counted.page_total, '2');
      assert.equal(planError(remove('people', { range: { offset: 0, limit: 1 } })).body.code, 'PGRST109');
    });

    it('PUTs the row its primary key names, refuses other filters (PGRST105) and a body with another key', async () => {
      const put = await run(write('put', 'directors', payload({ id: 2, name: 'Joon-ho' }), { filters: [cond('id', 'eq', '2')], preferences: { return: 'representation' } }));
      assert.deepEqual(put.json, [{ id: 2, name: 'Joon-ho' }]);
      assert.equal(put.response_inserted, '0');
      const created = await run(write('put', 'directors', payload({ id: 7, name: 'New' }), { filters: [cond('id', 'eq', '7')] }));
      assert.equal(created.page_total, '1');
      assert.equal(created.response_inserted, '1');
      const mismatch = await run(write('put', 'directors', payload({ id: 5, name: 'X' }), { filters: [cond('id', 'eq', '6')] }));
      assert.equal(mismatch.page_total, '0', 'nothing is written, so the HTTP layer answers PGRST115');
      const error = planError(write('put', 'directors', payload({ id: 2, name: 'x' }), { filters: [cond('id', 'gt', '2')] }));
      assert.deepEqual(error.body, { code: 'PGRST105', message: "Filters must include all and only primary key columns with 'eq' operators", details: null, hint: null });
      assert.equal(error.status, 405);
    });

    it('writes through a view', async () => {
      const viaView = await run(write('update', 'film_titles', payload({ title: 'Cléo de 5 à 7' }), { filters: [cond('id', 'eq', '1')], preferences: { return: 'representation' } }));
      assert.deepEqual(viaView.json, [{ id: 1, title: 'Cléo de 5 à 7', director_id: 1 }]);
    });
  });

  describe('RPC', () => {
    it('calls the overload the argument names choose and answers a scalar as itself', async () => {
      assert.deepEqual((await run(call('add', 'POST', payload({ a: 1, b: 2 })))).json, 3);
      assert.deepEqual((await run(call('add', 'POST', payload({ a: 1 })))).json, 101);
      assert.deepEqual((await run(call('add', 'GET', undefined, { rpcArgs: [['a', '5'], ['b', '6']] }))).json, 11);
    });

    it('says PGRST202 with PostgREST\'s texts and hints, PGRST203 for overloads it cannot choose between', () => {
      const unknown = planError(call('ad', 'POST', payload({ a: 1 })));
      assert.equal(unknown.status, 404);
      assert.deepEqual(unknown.body, {
        code: 'PGRST202',
        message: 'Could not find the function public.ad(a) in the schema cache',
        details: 'Searched for the function public.ad with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.add',
      });
      const params = planError(call('add', 'GET', undefined, { rpcArgs: [['c', '1']] }));
      assert.equal(params.body.message, 'Could not find the function public.add(c) in the schema cache');
      assert.equal(params.body.details, 'Searched for the function public.add with parameter c, but no matches were found in the schema cache.');
      const ambiguous = planError(call('twice', 'POST', payload({ x: 1 })));
      assert.equal(ambiguous.status, 300);
      assert.deepEqual(ambiguous.body, {
        code: 'PGRST203',
        message: 'Could not choose the best candidate function between: public.twice(x => integer), public.twice(x => text)',
        details: null,
        hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      });
    });

    it('gives a single unnamed json parameter the whole body, and params=single-object the body as one argument', async () => {
      assert.deepEqual((await run(call('echo', 'POST', payload({ any: [1, 2] })))).json, { any: [1, 2] });
      assert.deepEqual((await run(call('keys', 'POST', payload({ a: 1, b: 2, c: 3 }), { preferences: { params: 'single-object' } }))).json, 3);
    });

    it('passes repeated GET arguments to a variadic parameter, and a void result is JSON null', async () => {
      assert.deepEqual((await run(call('total', 'GET', undefined, { rpcArgs: [['nums', '1'], ['nums', '2'], ['nums', '4']] }))).json, 7);
      assert.deepEqual((await run(call('total', 'POST', payload({ nums: [1, 2] })))).json, 3);
      const result = await run(call('noop', 'POST', payload({})));
      assert.equal(result.page_total, '1');
      assert.equal(result.body, 'null', 'the HTTP layer answers 204 for void anyway');
    });

    it('applies select, embeds, filters, order and limit to a set-returning function, and answers one object for a row', async () => {
      const set = await run(call('films_of', 'GET', undefined, {
        rpcArgs: [['g', 'comedy']],
        select: [col('title'), embed('directors', [col('name')], { hint: 'films_director_id_fkey' })],
        filters: [cond('year', 'gt', '2000')],
        order: [{ path: [], terms: [{ field: field('id'), direction: 'desc' }] }],
        range: { offset: 0, limit: 5 },
        preferences: { count: 'exact' },
      }));
      assert.deepEqual(set.json, [{ title: 'Parasite', directors: { name: 'Bong' } }]);
      assert.equal(set.total_result_set, '1');
      const one = await run(call('first_film', 'POST', payload({}), { select: [col('title')] }));
      assert.deepEqual(one.json, { title: 'Cleo' });
    });
  });
});
