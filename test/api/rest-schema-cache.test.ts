/**
 * The REST schema cache against a real PostgreSQL 15 with the native bootstrap (a scratch copy of
 * the template cluster): what it finds of each kind of relation, key and routine of the fixture
 * schema (test/fixtures/rest-schema/schema.sql), the reload on `NOTIFY pgrst`, and the OpenAPI
 * document's main shapes, as PostgREST v12.0.1 writes them.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { startScratchCluster, type ScratchCluster } from '../../tasks/native/scratch-cluster.js';
import { loadSchemaCache } from '../../tasks/api/rest/schema/load-schema-cache.js';
import { listenForSchemaReload, type SchemaReloadListener } from '../../tasks/api/rest/schema/schema-reload.js';
import { openApiDocument } from '../../tasks/api/rest/schema/openapi.js';
import type { Relationship, SchemaCache } from '../../tasks/api/rest/schema-types.js';
import { nativeTestEnv } from '../integration/support/temp-project.js';

const FIXTURE = new URL('../fixtures/rest-schema/schema.sql', import.meta.url);

describe('REST schema cache', function () {
  this.timeout(120_000);
  let cluster: ScratchCluster;
  let client: pg.Client;
  let cache: SchemaCache;
  const listeners: SchemaReloadListener[] = [];

  /** The relationships from `from` to `to` (qualified names). */
  const between = (from: string, to: string): Relationship[] =>
    (cache.relationships.get(from) ?? []).filter((relationship) => `${relationship.to.schema}.${relationship.to.name}` === to);

  before(async () => {
    cluster = await startScratchCluster(await nativeTestEnv());
    client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query(await readFile(FIXTURE, 'utf8'));
    cache = await loadSchemaCache(client, ['public', 'other']);
  });
  after(async () => {
    for (const listener of listeners) await listener.close();
    await client?.end().catch(() => undefined);
    await cluster?.discard();
  });

  it('lists the relations of the exposed schemas only, with kinds and writability', () => {
    const kind = (key: string) => cache.tables.get(key)?.kind;
    assert.equal(kind('public.films'), 'table');
    assert.equal(kind('public.film_list'), 'view');
    assert.equal(kind('public.film_stats'), 'materialized view');
    assert.equal(kind('other.reviews'), 'table');
    assert.ok(![...cache.tables.keys()].some((key) => key.startsWith('auth.') || key.startsWith('storage.')));
    const writable = (key: string) => { const t = cache.tables.get(key)!; return [t.insertable, t.updatable, t.deletable]; };
    assert.deepEqual(writable('public.film_list'), [true, true, true], 'a simple view is auto-updatable');
    assert.deepEqual(writable('public.film_summary'), [false, false, false], 'a grouped view is not');
    assert.deepEqual(writable('public.film_stats'), [false, false, false]);
    assert.equal(cache.tables.get('public.directors')!.description, 'People who direct');
    assert.ok(cache.serverVersion >= 150000 && cache.serverVersion < 160000, String(cache.serverVersion));
  });

  it('describes columns: types, defaults, lengths, enums, comments, generated and identity', () => {
    const column = (name: string) => cache.tables.get('public.films')!.columns.find((c) => c.name === name)!;
    assert.deepEqual(cache.tables.get('public.films')!.columns.map((c) => c.name),
      ['id', 'title', 'director_id', 'mood', 'tags', 'rating', 'title_upper', 'contact', 'created_at']);
    assert.deepEqual(column('title'), {
      name: 'title', type: 'character varying(80)', nominalType: 'varchar', dataType: 'character varying',
      nullable: false, maxLength: 80, description: 'The title', generated: false,
    });
    assert.deepEqual(column('mood'), {
      name: 'mood', type: 'public.mood', nominalType: 'mood', dataType: 'public.mood', nullable: true,
      default: "'ok'::public.mood", enumValues: ['sad', 'ok', 'happy'], generated: false,
    });
    assert.equal(column('tags').type, 'text[]');
    assert.equal(column('tags').nominalType, '_text');
    assert.equal(column('rating').type, 'numeric(3,1)');
    assert.equal(column('rating').dataType, 'numeric');
    assert.equal(column('id').generated, true, 'identity always');
    assert.equal(column('id').default, undefined);
    assert.equal(column('title_upper').generated, true, 'generated always as');
    assert.equal(column('created_at').default, 'now()');
    assert.equal(column('contact').type, 'public.email', 'a domain keeps its name');
    assert.equal(column('contact').dataType, 'text', 'and reads as its built-in base type');
    const serial = cache.tables.get('public.actors')!.columns[0];
    assert.equal(serial.default, "nextval('public.actors_id_seq'::regclass)");
  });

  it('gives tables their primary keys and views the keys their columns show', () => {
    const key = (name: string) => cache.tables.get(name)!.primaryKey;
    assert.deepEqual(key('public.roles'), ['film_id', 'actor_id']);
    assert.deepEqual(key('public.film_list'), ['film_key'], 'renamed column');
    assert.deepEqual(key('public.film_list_again'), ['k'], 'view over a view');
    assert.deepEqual(key('public.film_stats'), ['id'], 'materialized view');
    assert.deepEqual(key('public.director_names'), ['id']);
  });

  it('finds many-to-one and one-to-many from each foreign key', () => {
    assert.deepEqual(between('public.films', 'public.directors').map((r) => r.kind), ['many-to-one', 'computed']);
    const [toDirector] = between('public.films', 'public.directors');
    assert.deepEqual(toDirector, {
      kind: 'many-to-one', from: { schema: 'public', name: 'films' }, to: { schema: 'public', name: 'directors' },
      constraint: 'films_director_id_fkey', columns: [['director_id', 'id']], self: false,
    });
    const back = between('public.directors', 'public.films').filter((r) => r.kind !== 'computed');
    assert.deepEqual(back.map((r) => r.kind === 'one-to-many' && r.columns), [[['id', 'director_id']]]);
  });

  it('finds one-to-one both ways when the key columns are the primary key', () => {
    assert.deepEqual(between('public.film_details', 'public.films').map((r) => r.kind), ['one-to-one']);
    const [back] = between('public.films', 'public.film_details');
    assert.equal(back.kind, 'one-to-one');
    assert.deepEqual(back.kind === 'one-to-one' && back.columns, [['id', 'film_id']]);
  });

  it('finds many-to-many through a junction whose keys are its primary key, both ways', () => {
    const [films] = between('public.actors', 'public.films').filter((r) => r.kind === 'many-to-many');
    assert.deepEqual(films, {
      kind: 'many-to-many', from: { schema: 'public', name: 'actors' }, to: { schema: 'public', name: 'films' },
      junction: { schema: 'public', name: 'roles' },
      fromConstraint: 'roles_actor_id_fkey', fromColumns: [['id', 'actor_id']],
      toConstraint: 'roles_film_id_fkey', toColumns: [['film_id', 'id']],
    });
    assert.equal(between('public.films', 'public.actors').filter((r) => r.kind === 'many-to-many').length, 1);
    // messages has two keys to actors but a primary key of its own: not a junction.
    assert.ok(![...cache.relationships.values()].flat().some((r) => r.kind === 'many-to-many' && r.junction.name === 'messages'));
  });

  it('finds self-references, two keys to one table, and keys to another exposed schema', () => {
    const self = between('public.employees', 'public.employees');
    assert.deepEqual(self.map((r) => [r.kind, r.kind !== 'many-to-many' && r.kind !== 'computed' && r.self]), [['one-to-many', true], ['many-to-one', true]]);
    assert.deepEqual(between('public.messages', 'public.actors').map((r) => r.kind !== 'many-to-many' && r.kind !== 'computed' && r.constraint),
      ['messages_receiver_id_fkey', 'messages_sender_id_fkey']);
    assert.deepEqual(between('other.reviews', 'public.films').map((r) => r.kind), ['many-to-one']);
    assert.deepEqual(between('public.films', 'other.reviews').map((r) => r.kind), ['one-to-many']);
  });

  it('gives views the relationships of their source tables under the views\' column names', () => {
    const columnsOf = (from: string, to: string) => between(from, to).map((r) => r.kind !== 'many-to-many' && r.kind !== 'computed' && [r.kind, r.columns]);
    assert.deepEqual(columnsOf('public.film_list', 'public.directors'), [['many-to-one', [['director', 'id']]]], 'view to table');
    assert.deepEqual(columnsOf('public.roles', 'public.film_list'), [['many-to-one', [['film_id', 'film_key']]]], 'table to view');
    assert.deepEqual(columnsOf('public.film_list', 'public.director_names'), [['many-to-one', [['director', 'id']]]], 'view to view');
    assert.deepEqual(columnsOf('public.film_list_again', 'public.directors'), [['many-to-one', [['dir', 'id']]]], 'view over a view');
    assert.deepEqual(columnsOf('public.directors', 'public.film_list_again'), [['one-to-many', [['id', 'dir']]]]);
    const throughView = between('public.actors', 'public.film_list').find((r) => r.kind === 'many-to-many');
    assert.deepEqual(throughView?.kind === 'many-to-many' && throughView.toColumns, [['film_id', 'film_key']], 'a view at the end of a junction');
  });

  it('finds computed relationships from functions taking a row', () => {
    const [lead] = (cache.relationships.get('public.films') ?? []).filter((r) => r.kind === 'computed');
    assert.deepEqual(lead, { kind: 'computed', from: { schema: 'public', name: 'films' }, to: { schema: 'public', name: 'directors' }, function: { schema: 'public', name: 'lead_director' }, toMany: false });
    const all = (cache.relationships.get('public.directors') ?? []).filter((r) => r.kind === 'computed');
    assert.deepEqual(all.map((r) => r.kind === 'computed' && [r.function.name, r.toMany]), [['all_films', true]]);
    // posters(films) shadows the foreign key from films to posters; posters to films stays.
    assert.deepEqual(between('public.films', 'public.posters').map((r) => r.kind), ['computed']);
    assert.deepEqual(between('public.posters', 'public.films').map((r) => r.kind), ['many-to-one']);
  });

  it('lists routines with parameters, defaults, variadic, return types and volatility', () => {
    const [add] = cache.routines.get('public.add')!;
    assert.deepEqual(add, {
      schema: 'public', name: 'add', description: 'Adds two numbers\nReturns their sum',
      parameters: [{ name: 'a', type: 'integer', required: true, variadic: false }, { name: 'b', type: 'integer', required: false, variadic: false }],
      returns: { type: 'integer', setOf: false, composite: false }, volatility: 'immutable',
    });
    const [filmsBy] = cache.routines.get('public.films_by')!;
    assert.deepEqual(filmsBy.returns, { type: 'public.films', setOf: true, relation: { schema: 'public', name: 'films' }, composite: true });
    assert.equal(filmsBy.volatility, 'stable');
    assert.deepEqual(cache.routines.get('public.total')![0].parameters, [{ name: 'numbers', type: 'integer[]', required: true, variadic: true }]);
    assert.deepEqual(cache.routines.get('public.echo')![0].parameters, [{ name: '', type: 'json', required: true, variadic: false }], 'one unnamed json argument');
    assert.deepEqual(cache.routines.get('public.pair')![0], {
      schema: 'public', name: 'pair', parameters: [], returns: { type: 'record', setOf: false, composite: true }, volatility: 'volatile',
    }, 'out parameters are not inputs, and make the result composite');
    assert.equal(cache.routines.get('public.two_unnamed'), undefined, 'two unnamed arguments cannot be called');
    assert.equal(cache.routines.get('public.on_change'), undefined, 'trigger functions are not routines');
  });

  it('leaves out relations and relationships of schemas that are not exposed', async () => {
    const publicOnly = await loadSchemaCache(client, ['public']);
    assert.equal(publicOnly.tables.get('other.reviews'), undefined);
    assert.deepEqual(publicOnly.schemas, ['public']);
    assert.ok(!(publicOnly.relationships.get('public.films') ?? []).some((r) => r.to.schema === 'other'));
  });

  it('answers in one round trip, on a client that stays usable after', async () => {
    let queries = 0;
    const counting = Object.create(client, { query: { value: (...args: unknown[]) => { queries += 1; return (client.query as (...a: unknown[]) => unknown)(...args); } } }) as pg.Client;
    await loadSchemaCache(counting, ['public']);
    assert.equal(queries, 1);
    const { rows } = await client.query<{ path: string }>('select current_setting(\'search_path\') as path');
    assert.notEqual(rows[0].path, '', 'the empty search path was local to its transaction');
  });

  it('reloads on NOTIFY pgrst with \'reload schema\' or an empty payload, and ignores others', async () => {
    const caches: SchemaCache[] = [];
    const listener = await listenForSchemaReload({ connection: { connectionString: cluster.url }, schemas: ['public'], onReload: (next) => caches.push(next) });
    listeners.push(listener);
    // The bootstrap's event triggers notify after DDL themselves: wait for those reloads to settle.
    await client.query('create table public.added_later (id int primary key)');
    await until(() => caches.some((cache) => cache.tables.has('public.added_later')));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const settled = caches.length;
    await client.query("notify pgrst, 'something else'");
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(caches.length, settled, 'the other payload reloaded nothing');
    await client.query("notify pgrst, 'reload schema'");
    await until(() => caches.length === settled + 1);
    await client.query('notify pgrst');
    await until(() => caches.length === settled + 2);
    assert.ok(caches[settled + 1].tables.has('public.added_later'));
  });

  it('spaces its reloads under a burst of notifications, and reloads once more after the last', async () => {
    // One notification per transaction for a second, as a reset of many migrations sends them.
    const ends: number[] = [];
    const caches: SchemaCache[] = [];
    const listener = await listenForSchemaReload({
      connection: { connectionString: cluster.url }, schemas: ['public'], onReload: (next) => { ends.push(performance.now()); caches.push(next); },
    });
    listeners.push(listener);
    const burstEnds = performance.now() + 1000;
    while (performance.now() < burstEnds) await client.query('notify pgrst');
    await client.query('create table public.after_burst (id int)');
    await until(() => caches.at(-1)?.tables.has('public.after_burst') === true);
    const gaps = ends.slice(1).map((end, index) => Math.round(end - ends[index]));
    assert.ok(ends.length >= 2, 'the burst reloaded at once and again after it');
    assert.ok(gaps.every((gap) => gap >= 100), `reloads ended ${gaps.join(', ')} ms apart (PostgREST waits 100 ms after each)`);
  });

  it('reconnects when its connection drops, and reloads then', async () => {
    const caches: SchemaCache[] = [];
    const listener = await listenForSchemaReload({
      connection: { connectionString: cluster.url, application_name: 'schema-reload-test' }, schemas: ['public'], retryMs: 50, onReload: (next) => caches.push(next),
    });
    listeners.push(listener);
    await client.query('create table public.missed (id int)');
    await client.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'schema-reload-test'");
    await until(() => caches.length >= 1);
    assert.ok(caches[0].tables.has('public.missed'), 'changes made while it was away are seen');
    await client.query('drop table public.missed');
    await client.query("notify pgrst, 'reload schema'");
    await until(() => caches.length >= 2);
    assert.ok(!caches[1].tables.has('public.missed'), 'and it listens again');
  });

  describe('the OpenAPI document', () => {
    // The document is plain JSON whose shape the assertions spell out.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let doc: Record<string, any>;
    before(() => {
      doc = openApiDocument(cache, { apiUrl: 'http://127.0.0.1:54321', schema: 'public' });
    });

    it('has PostgREST\'s header, the gateway\'s address and the media types', () => {
      assert.equal(doc.swagger, '2.0');
      assert.deepEqual(doc.info, { description: 'This is a dynamic API generated by PostgREST', title: 'PostgREST API', version: '12.0.1' });
      assert.equal(doc.host, '127.0.0.1:54321');
      assert.equal(doc.basePath, '/rest/v1/');
      assert.deepEqual(doc.schemes, ['http']);
      assert.deepEqual(doc.produces, ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.object+json', 'text/csv']);
      assert.deepEqual(doc.externalDocs, { description: 'PostgREST Documentation', url: 'https://postgrest.org/en/v12/api.html' });
    });

    it('defines each relation of the schema with formats, required columns and key notes', () => {
      assert.equal(doc.definitions.reviews, undefined, 'other schema');
      const films = doc.definitions.films;
      assert.equal(films.type, 'object');
      assert.deepEqual(films.required, ['id', 'title', 'created_at']);
      assert.deepEqual(films.properties.id, { description: 'Note:\nThis is a Primary Key.<pk/>', format: 'bigint', type: 'integer' });
      assert.deepEqual(films.properties.title, { description: 'The title', format: 'character varying', maxLength: 80, type: 'string' });
      assert.deepEqual(films.properties.director_id, {
        description: "Note:\nThis is a Foreign Key to `directors.id`.<fk table='directors' column='id'/>", format: 'integer', type: 'integer',
      });
      assert.deepEqual(films.properties.mood, { default: 'ok', enum: ['sad', 'ok', 'happy'], format: 'public.mood', type: 'string' });
      assert.deepEqual(films.properties.tags, { format: 'text[]', items: { type: 'string' }, type: 'array' });
      assert.deepEqual(films.properties.created_at, { default: 'now()', format: 'timestamp with time zone', type: 'string' });
      assert.equal(doc.definitions.directors.description, 'People who direct');
    });

    it('has a path per relation, writable ones with post, patch and delete, and the rpc paths', () => {
      const films = doc.paths['/films'];
      assert.deepEqual(Object.keys(films).sort(), ['delete', 'get', 'patch', 'post']);
      assert.deepEqual(films.get.parameters.slice(0, 2), [{ $ref: '#/parameters/rowFilter.films.id' }, { $ref: '#/parameters/rowFilter.films.title' }]);
      assert.deepEqual(films.get.parameters.slice(-7).map((p: { $ref: string }) => p.$ref.split('/').pop()), ['select', 'order', 'range', 'rangeUnit', 'offset', 'limit', 'preferCount']);
      assert.deepEqual(films.get.responses['200'].schema, { type: 'array', items: { $ref: '#/definitions/films' } });
      assert.deepEqual(films.post.parameters, [{ $ref: '#/parameters/body.films' }, { $ref: '#/parameters/select' }, { $ref: '#/parameters/preferPost' }]);
      assert.deepEqual(Object.keys(doc.paths['/film_summary']), ['get'], 'a read-only view');
      assert.equal(doc.paths['/directors'].get.summary, 'People who direct');
      const add = doc.paths['/rpc/add'];
      assert.deepEqual(add.get.tags, ['(rpc) add']);
      assert.equal(add.get.summary, 'Adds two numbers');
      assert.equal(add.get.description, 'Returns their sum');
      assert.deepEqual(add.get.parameters, [
        { name: 'a', required: true, in: 'query', format: 'integer', type: 'integer' },
        { name: 'b', required: false, in: 'query', format: 'integer', type: 'integer' },
      ]);
      assert.deepEqual(add.post.parameters[0].schema.required, ['a']);
      assert.deepEqual(add.post.parameters[1], { $ref: '#/parameters/preferParams' });
      assert.deepEqual(doc.paths['/rpc/total'].get.parameters[0], {
        name: 'numbers', required: true, in: 'query', type: 'array', items: { type: 'integer', format: 'integer' }, collectionFormat: 'multi',
      });
      assert.deepEqual(doc.paths['/'].get.produces, ['application/openapi+json', 'application/json']);
    });

    it('shares the parameters the paths refer to', () => {
      assert.deepEqual(doc.parameters.preferReturn, {
        name: 'Prefer', description: 'Preference', required: false, in: 'header', type: 'string', enum: ['return=representation', 'return=minimal', 'return=none'],
      });
      assert.deepEqual(doc.parameters.rangeUnit, { name: 'Range-Unit', description: 'Limiting and Pagination', required: false, in: 'header', type: 'string', default: 'items' });
      assert.deepEqual(doc.parameters['rowFilter.films.title'], { name: 'title', description: 'The title', required: false, in: 'query', type: 'string', format: 'character varying' });
      assert.deepEqual(doc.parameters['body.films'], { name: 'films', description: 'films', required: false, in: 'body', schema: { $ref: '#/definitions/films' } });
    });
  });
});

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
