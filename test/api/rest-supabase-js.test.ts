/**
 * The judge of the native REST API: the real `@supabase/supabase-js` (2.39.8, the example app's
 * version) against a native stack started by the built CLI, through the real gateway on the API
 * port, on a project with relations of every kind, an enum, json, RLS on auth.uid(), functions
 * and a second exposed schema (test/fixtures/rest-supabase-js/). What the client sends and how it
 * reads the answers (data, count, status, the error object) is PostgREST v12.0.1's contract.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import { gatewayStatus } from '../../tasks/api/gateway/gateway-process.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';
import { freePort } from '../integration/support/temp-project.js';

const FIXTURE = new URL('../fixtures/rest-supabase-js/', import.meta.url);
const USER_A = '00000000-0000-0000-0000-00000000000a';

interface Stack {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  dbUrl: string;
}

/** One query as the database's owner (what the planner says, outside the API). */
async function pgQuery(url: string, text: string): Promise<pg.QueryResult> {
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  try {
    return await connection.query(text);
  } finally {
    await connection.end();
  }
}

/** A client as an application makes one; `token` stands for a signed-in user's session. */
function client(stack: Stack, token?: string): SupabaseClient {
  return createClient(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    ...(token && { global: { headers: { Authorization: `Bearer ${token}` } } }),
  });
}

/** A user's access token as GoTrue signs it, with the project's secret. */
async function userToken(stack: Stack, sub: string, expiresIn = '1h'): Promise<string> {
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(stack.jwtSecret));
}

describe('the native REST API as @supabase/supabase-js uses it', function () {
  this.timeout(180_000);
  let project: CliProject;
  let stack: Stack;
  let db: SupabaseClient;

  before(async () => {
    project = await cliProject('rest-supabase-js');
    const supabase = path.join(project.root, 'supabase');
    project.writeMigrations();
    writeFileSync(path.join(supabase, 'migrations', '20240103000000_library.sql'), readFileSync(new URL('schema.sql', FIXTURE)));
    writeFileSync(path.join(supabase, 'seed.sql'), readFileSync(new URL('seed.sql', FIXTURE)));
    const config = path.join(supabase, 'config.toml');
    // A free API port: another stack on this machine may hold the default one.
    writeFileSync(config, readFileSync(config, 'utf8').replace(/^schemas = \[(.*)\]$/m, 'schemas = [$1, "other"]').replace(/^port = 54321$/m, `port = ${await freePort()}`));
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    const status = JSON.parse(project.run(['status', '-o', 'json']).stdout) as Record<string, string>;
    stack = { apiUrl: status.API_URL!, anonKey: status.ANON_KEY!, serviceRoleKey: status.SERVICE_ROLE_KEY!, jwtSecret: status.JWT_SECRET!, dbUrl: status.DB_URL! };
    assert.match(stack.apiUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    db = client(stack);
  });
  after(() => project?.dispose());

  it('is served by the build\'s one-file gateway bundle, REST inside it', async () => {
    const { pid } = await gatewayStatus(path.basename(project.root), project.env);
    assert.ok(pid);
    const bundle = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').find((arg) => arg.endsWith('/dist/tasks/api/gateway/api-gateway-main.cjs'));
    assert.ok(bundle, 'the gateway runs the bundle');
    // The .cjs compiles the bundle's script with its code cache (scripts/bundle-services.js); the
    // SQL builder's words are in that script itself, not left to a module loaded beside it.
    assert.match(readFileSync(bundle.replace(/\.cjs$/, '.script.js'), 'utf8'), /Could not find a relationship between/);
  });

  describe('reads', () => {
    it('embeds a many-to-one by its column hint, under an alias', async () => {
      const { data, error, status } = await db.from('books').select('title, author:authors!author_id(name)').order('id').limit(2);
      assert.equal(error, null);
      assert.equal(status, 200);
      assert.deepEqual(data, [{ title: 'The Dispossessed', author: { name: 'Ursula' } }, { title: 'The Lathe of Heaven', author: { name: 'Ursula' } }]);
    });

    it('embeds a one-to-many with its own filter, order and limit', async () => {
      const { data, error } = await db.from('authors').select('name, books!author_id(title)').eq('id', 1).order('title', { referencedTable: 'books', ascending: false }).limit(1, { referencedTable: 'books' });
      assert.equal(error, null);
      assert.deepEqual(data, [{ name: 'Ursula', books: [{ title: 'The Lathe of Heaven' }] }]);
    });

    it('embeds a many-to-many through its junction table', async () => {
      const { data, error } = await db.from('books').select('title, genres(label)').eq('id', 2).order('label', { referencedTable: 'genres' });
      assert.equal(error, null);
      assert.deepEqual(data, [{ title: 'The Lathe of Heaven', genres: [{ label: 'fantasy' }, { label: 'science fiction' }] }]);
    });

    it('embeds a self-reference both ways: the mentor by its column, the mentees by the table', async () => {
      const { data, error } = await db.from('authors').select('name, mentor_id(name), mentees:authors(name)').order('id').limit(2).order('name', { referencedTable: 'mentees' });
      assert.equal(error, null);
      assert.deepEqual(data, [
        { name: 'Ursula', mentor_id: null, mentees: [{ name: 'Iain' }, { name: 'Octavia' }] },
        { name: 'Octavia', mentor_id: { name: 'Ursula' }, mentees: [] },
      ]);
    });

    it('embeds from a view through the key of its source table', async () => {
      const { data, error } = await db.from('long_books').select('title, authors(name)');
      assert.equal(error, null);
      assert.deepEqual(data, [{ title: 'The Dispossessed', authors: { name: 'Ursula' } }]);
    });

    it('!inner keeps only the rows whose embed matches its filter; without it every row stays', async () => {
      const inner = await db.from('authors').select('name, books!author_id!inner(title)').eq('books.title', 'Kindred');
      assert.equal(inner.error, null);
      assert.deepEqual(inner.data, [{ name: 'Octavia', books: [{ title: 'Kindred' }] }]);
      const outer = await db.from('authors').select('name, books!author_id(title)').eq('books.title', 'Kindred').order('id');
      assert.deepEqual(outer.data, [{ name: 'Ursula', books: [] }, { name: 'Octavia', books: [{ title: 'Kindred' }] }, { name: 'Iain', books: [] }]);
    });

    it('spreads a to-one embed into its parent', async () => {
      const { data, error } = await db.from('books').select('title, ...authors!author_id(author:name, mood)').eq('id', 3);
      assert.equal(error, null);
      assert.deepEqual(data, [{ title: 'Kindred', author: 'Octavia', mood: 'happy' }]);
    });

    it('reads json paths, casts and enums', async () => {
      const { data, error } = await db.from('authors').select('name, born:meta->born, hugos:meta->awards->>hugo, mood, id::text').eq('mood', 'calm');
      assert.equal(error, null);
      assert.deepEqual(data, [{ name: 'Ursula', born: 1929, hugos: '5', mood: 'calm', id: '1' }]);
    });

    it('orders with nullsfirst and nullslast', async () => {
      const first = await db.from('books').select('id').order('pages', { ascending: false, nullsFirst: true });
      assert.deepEqual(first.data, [{ id: 4 }, { id: 1 }, { id: 3 }, { id: 2 }]);
      const last = await db.from('books').select('id').order('pages', { ascending: true, nullsFirst: false });
      assert.deepEqual(last.data, [{ id: 2 }, { id: 3 }, { id: 1 }, { id: 4 }]);
    });

    it('range with count=exact answers the page, the total and 206', async () => {
      const { data, count, status, error } = await db.from('books').select('id', { count: 'exact' }).order('id').range(1, 2);
      assert.equal(error, null);
      assert.deepEqual([data, count, status], [[{ id: 2 }, { id: 3 }], 4, 206]);
      const head = await db.from('books').select('*', { count: 'exact', head: true });
      assert.deepEqual([head.data, head.count, head.status], [null, 4, 200]);
    });

    it('count=planned answers the planner\'s estimate, count=estimated the exact count under max_rows', async () => {
      // The 4 rows were never analyzed, so the planner guesses from the table's size, not 4.
      const explain = await pgQuery(stack.dbUrl, 'explain (format json) select 1 from public.books');
      const estimate = (explain.rows[0]['QUERY PLAN'] as Array<{ Plan: { 'Plan Rows': number } }>)[0].Plan['Plan Rows'];
      assert.notEqual(estimate, 4);
      const planned = await db.from('books').select('id', { count: 'planned' }).limit(1);
      assert.deepEqual([planned.error, planned.count, planned.status], [null, estimate, 206]);
      // Under max_rows an estimate is the exact count.
      const estimated = await db.from('books').select('id', { count: 'estimated' }).limit(1);
      assert.equal(estimated.count, 4);
    });

    it('single and maybeSingle answer one object, or their errors', async () => {
      const one = await db.from('books').select('title').eq('id', 1).single();
      assert.deepEqual([one.data, one.error], [{ title: 'The Dispossessed' }, null]);
      const many = await db.from('books').select('title').single();
      assert.equal(many.status, 406);
      assert.deepEqual(many.error, { code: 'PGRST116', details: 'The result contains 4 rows', hint: null, message: 'JSON object requested, multiple (or no) rows returned' });
      const none = await db.from('books').select('title').eq('id', 99).single();
      assert.deepEqual(none.error, { code: 'PGRST116', details: 'The result contains 0 rows', hint: null, message: 'JSON object requested, multiple (or no) rows returned' });
      const maybe = await db.from('books').select('title').eq('id', 99).maybeSingle();
      assert.deepEqual([maybe.data, maybe.error, maybe.status], [null, null, 200]);
      const maybeOne = await db.from('books').select('title').eq('id', 3).maybeSingle();
      assert.deepEqual(maybeOne.data, { title: 'Kindred' });
    });

    it('csv answers the rows as text with a header line', async () => {
      const { data, error } = await db.from('genres').select('id, label').order('id').csv();
      assert.equal(error, null);
      // A value with a space is quoted, as a record's text form quotes it.
      assert.equal(data, 'id,label\n1,"science fiction"\n2,fantasy\n3,historical');
    });

    it('.schema() reads a second exposed schema', async () => {
      const { data, error } = await db.schema('other').from('widgets').select('name').order('id');
      assert.equal(error, null);
      assert.deepEqual(data, [{ name: 'sprocket' }, { name: 'gear' }]);
    });
  });

  describe('filters', () => {
    const ids = async (query: PromiseLike<{ data: unknown; error: unknown }>): Promise<number[]> => {
      const { data, error } = await query;
      assert.equal(error, null);
      return (data as Array<{ id: number }>).map((row) => row.id);
    };
    const books = () => db.from('books').select('id').order('id');
    const authors = () => db.from('authors').select('id').order('id');

    it('comparisons', async () => {
      assert.deepEqual(await ids(books().eq('pages', 264)), [3]);
      assert.deepEqual(await ids(books().neq('pages', 264)), [1, 2]);
      assert.deepEqual(await ids(books().gt('pages', 264)), [1]);
      assert.deepEqual(await ids(books().gte('pages', 264)), [1, 3]);
      assert.deepEqual(await ids(books().lt('pages', 264)), [2]);
      assert.deepEqual(await ids(books().lte('pages', 264)), [2, 3]);
      assert.deepEqual(await ids(books().filter('editor_id', 'isdistinct', 1)), [1, 2, 4]);
    });

    it('patterns', async () => {
      assert.deepEqual(await ids(books().like('title', '%Heaven')), [2]);
      assert.deepEqual(await ids(books().ilike('title', '%KIN%')), [3]);
      assert.deepEqual(await ids(books().likeAnyOf('title', ['Kin%', 'Ex%'])), [3, 4]);
      assert.deepEqual(await ids(books().ilikeAllOf('title', ['the%', '%heaven'])), [2]);
      assert.deepEqual(await ids(books().filter('title', 'match', '^The')), [1, 2]);
      assert.deepEqual(await ids(books().filter('title', 'imatch', 'sion$')), [4]);
    });

    it('is, in and match', async () => {
      assert.deepEqual(await ids(books().is('editor_id', null)), [2, 4]);
      assert.deepEqual(await ids(books().in('title', ['Kindred', 'Excession'])), [3, 4]);
      assert.deepEqual(await ids(books().match({ author_id: 1, pages: 184 })), [2]);
      assert.deepEqual(await ids(authors().eq('meta->>born', '1947')), [2]);
    });

    it('arrays and ranges', async () => {
      assert.deepEqual(await ids(books().contains('tags', ['utopia'])), [1]);
      assert.deepEqual(await ids(books().containedBy('tags', ['dreams', 'time'])), [2, 3, 4]);
      assert.deepEqual(await ids(books().overlaps('tags', ['time', 'dreams'])), [2, 3]);
      assert.deepEqual(await ids(authors().rangeGt('active', '[1950,1965)')), [2, 3]);
      assert.deepEqual(await ids(authors().rangeLt('active', '[2014,2020)')), [2, 3]);
      assert.deepEqual(await ids(authors().rangeGte('active', '[1965,1970)')), [2, 3]);
      assert.deepEqual(await ids(authors().rangeLte('active', '[2000,2010)')), [2]);
      assert.deepEqual(await ids(authors().rangeAdjacent('active', '[2006,2010)')), [2]);
      assert.deepEqual(await ids(authors().overlaps('active', '[2010,2011)')), [1, 3]);
    });

    it('full-text search in its four forms', async () => {
      assert.deepEqual(await ids(books().textSearch('summary', 'physicist', { config: 'english' })), [1]);
      assert.deepEqual(await ids(books().textSearch('summary', 'time travel', { type: 'plain', config: 'english' })), [3]);
      assert.deepEqual(await ids(books().textSearch('summary', 'change the world', { type: 'phrase', config: 'english' })), [2]);
      assert.deepEqual(await ids(books().textSearch('summary', 'dreams or physicist', { type: 'websearch', config: 'english' })), [1, 2]);
    });

    it('not, or and nested and', async () => {
      assert.deepEqual(await ids(books().not('editor_id', 'is', null)), [1, 3]);
      assert.deepEqual(await ids(books().not('title', 'in', '("Kindred","Excession")')), [1, 2]);
      assert.deepEqual(await ids(books().or('pages.gt.300,title.eq.Kindred')), [1, 3]);
      assert.deepEqual(await ids(books().or('and(pages.gt.200,pages.lt.300),id.eq.4')), [3, 4]);
      assert.deepEqual(await ids(books().or('title.like.*Heaven,pages.is.null')), [2, 4]);
    });
  });

  describe('writes', () => {
    it('insert answers the rows written with select, 201', async () => {
      const { data, error, status } = await db.from('genres').insert([{ id: 10, label: 'poetry' }, { id: 11, label: 'essays' }]).select('id, label');
      assert.equal(error, null);
      assert.equal(status, 201);
      assert.deepEqual(data, [{ id: 10, label: 'poetry' }, { id: 11, label: 'essays' }]);
      const bare = await db.from('genres').insert({ id: 12, label: 'drama' });
      assert.deepEqual([bare.data, bare.error, bare.status], [null, null, 201]);
      const one = await db.from('genres').insert({ id: 13, label: 'satire' }).select().single();
      assert.deepEqual(one.data, { id: 13, label: 'satire' });
    });

    it('upsert merges duplicates, or ignores them', async () => {
      const merged = await db.from('genres').upsert([{ id: 10, label: 'verse' }, { id: 14, label: 'memoir' }]).select();
      assert.equal(merged.error, null);
      assert.deepEqual(merged.data, [{ id: 10, label: 'verse' }, { id: 14, label: 'memoir' }]);
      const ignored = await db.from('genres').upsert([{ id: 10, label: 'ignored' }, { id: 15, label: 'travel' }], { ignoreDuplicates: true }).select();
      assert.equal(ignored.error, null);
      assert.deepEqual(ignored.data, [{ id: 15, label: 'travel' }]);
      const byName = await db.from('authors').upsert({ id: 1, name: 'Ursula', mood: 'happy' }, { onConflict: 'name' }).select('id, mood');
      assert.deepEqual(byName.data, [{ id: 1, mood: 'happy' }]);
      const { data } = await db.from('genres').select('label').eq('id', 10).single();
      assert.deepEqual(data, { label: 'verse' });
    });

    it('update and delete with filters answer what they changed', async () => {
      const updated = await db.from('genres').update({ label: 'lyric poetry' }).eq('id', 10).select();
      assert.deepEqual([updated.data, updated.error, updated.status], [[{ id: 10, label: 'lyric poetry' }], null, 200]);
      const removed = await db.from('genres').delete().in('id', [11, 12]).select('id');
      assert.equal(removed.error, null);
      assert.deepEqual((removed.data ?? []).map((row) => row.id).sort(), [11, 12]);
      const quiet = await db.from('genres').delete().eq('id', 13);
      assert.deepEqual([quiet.data, quiet.error, quiet.status], [null, null, 204]);
    });
  });

  describe('rpc', () => {
    it('calls a scalar function by POST, and by GET with its arguments in the query string', async () => {
      assert.deepEqual(await db.rpc('add', { a: 1, b: 2 }), { data: 3, error: null, count: null, status: 200, statusText: 'OK' });
      // supabase-js 2.39.8 has no `get` option (postgrest-js 1.9.2 calls by POST or HEAD): GET as the platform's clients send it.
      const response = await fetch(`${stack.apiUrl}/rest/v1/rpc/add?a=20&b=22`, { headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}` } });
      assert.deepEqual([response.status, await response.json()], [200, 42]);
    });

    it('filters and orders what a set-returning function answers', async () => {
      const { data, error } = await db.rpc('books_of', { author: 1 }).gt('pages', 200).select('title').order('title');
      assert.equal(error, null);
      assert.deepEqual(data, [{ title: 'The Dispossessed' }]);
      const ordered = await db.rpc('books_of', { author: 1 }).select('id').order('id', { ascending: false });
      assert.deepEqual(ordered.data, [{ id: 2 }, { id: 1 }]);
      // head: a HEAD with the arguments in the query string, answering only the count.
      const head = await db.rpc('books_of', { author: 1 }, { head: true, count: 'exact' });
      assert.deepEqual([head.data, head.error, head.count, head.status], [null, null, 2, 200]);
    });

    it('hands a single unnamed json parameter the whole body, and a variadic one its array', async () => {
      const echo = await db.rpc('echo', { any: ['shape', 1] });
      assert.deepEqual([echo.data, echo.error], [{ any: ['shape', 1] }, null]);
      const total = await db.rpc('total', { numbers: [1, 2, 3] });
      assert.deepEqual([total.data, total.error], [6, null]);
    });
  });

  describe('errors as supabase-js surfaces them', () => {
    it('23505: a duplicate key, 409', async () => {
      const { error, status } = await db.from('authors').insert({ id: 9, name: 'Ursula' });
      assert.equal(status, 409);
      assert.deepEqual(error, { code: '23505', details: 'Key (name)=(Ursula) already exists.', hint: null, message: 'duplicate key value violates unique constraint "authors_name_key"' });
    });

    it('42703: an unknown column, 400', async () => {
      const { error, status } = await db.from('books').select('nope');
      assert.equal(status, 400);
      assert.deepEqual(error, { code: '42703', details: null, hint: null, message: 'column books.nope does not exist' });
    });

    it('PGRST200: no relationship; PGRST201: two of them, with the hints to choose', async () => {
      const none = await db.from('books').select('title, genre(*)');
      assert.equal(none.status, 400);
      assert.deepEqual(none.error, {
        code: 'PGRST200',
        details: "Searched for a foreign key relationship between 'books' and 'genre' in the schema 'public', but no matches were found.",
        hint: "Perhaps you meant 'genres' instead of 'genre'.",
        message: "Could not find a relationship between 'books' and 'genre' in the schema cache",
      });
      const two = await db.from('books').select('title, authors(name)');
      assert.equal(two.status, 300);
      assert.equal(two.error?.code, 'PGRST201');
      assert.equal(two.error?.message, "Could not embed because more than one relationship was found for 'books' and 'authors'");
      assert.equal(two.error?.hint, "Try changing 'authors' to one of the following: 'authors!books_author_id_fkey', 'authors!books_editor_id_fkey'. Find the desired relationship in the 'details' key.");
      assert.deepEqual(two.error?.details, [
        { cardinality: 'many-to-one', embedding: 'books with authors', relationship: 'books_author_id_fkey using books(author_id) and authors(id)' },
        { cardinality: 'many-to-one', embedding: 'books with authors', relationship: 'books_editor_id_fkey using books(editor_id) and authors(id)' },
      ]);
    });

    it('22P02: a value the enum does not have', async () => {
      const { error, status } = await db.from('authors').select('id').eq('mood', 'angry');
      assert.equal(status, 400);
      assert.deepEqual(error, { code: '22P02', details: null, hint: null, message: 'invalid input value for enum mood: "angry"' });
    });

    it('PGRST202: an unknown function, with the one it may have meant', async () => {
      const { error, status } = await db.rpc('ad', { a: 1, b: 2 });
      assert.equal(status, 404);
      assert.equal(error?.code, 'PGRST202');
      assert.equal(error?.message, 'Could not find the function public.ad(a, b) in the schema cache');
    });
  });

  describe('row level security by role', () => {
    it('anon sees no note and may not write one', async () => {
      const { data, error } = await db.from('notes').select('body');
      assert.deepEqual([data, error], [[], null]);
      const write = await db.from('notes').insert({ owner: USER_A, body: 'anonymous' });
      assert.equal(write.status, 401);
      assert.deepEqual(write.error, { code: '42501', details: null, hint: null, message: 'new row violates row-level security policy for table "notes"' });
    });

    it('a signed-in user sees and writes only their own notes, auth.uid() being theirs', async () => {
      const user = client(stack, await userToken(stack, USER_A));
      const { data, error } = await user.from('notes').select('body');
      assert.deepEqual([data, error], [[{ body: 'a note of user a' }], null]);
      const mine = await user.from('notes').insert({ body: 'another of a' }).select('owner, body');
      assert.deepEqual([mine.data, mine.error], [[{ owner: USER_A, body: 'another of a' }], null]);
      const theirs = await user.from('notes').insert({ owner: '00000000-0000-0000-0000-00000000000b', body: 'forged' });
      assert.equal(theirs.status, 403);
      assert.equal(theirs.error?.code, '42501');
      assert.deepEqual((await user.rpc('whoami')).data, USER_A);
    });

    it('service_role passes RLS; an expired token gets PGRST301', async () => {
      const service = createClient(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
      const { data } = await service.from('notes').select('body').order('id');
      assert.deepEqual((data ?? []).map((row) => row.body).slice(0, 2), ['a note of user a', 'a note of user b']);
      assert.deepEqual((await db.rpc('whoami')).data, 'anon');
      const expired = client(stack, await userToken(stack, USER_A, '-1m'));
      const { error, status } = await expired.from('notes').select('body');
      assert.equal(status, 401);
      assert.deepEqual(error, { code: 'PGRST301', details: null, hint: null, message: 'JWT expired' });
    });
  });

  describe('the schema cache', () => {
    it('reloads after `migration up` adds a table (NOTIFY pgrst)', async () => {
      const before = await db.from('reviews').select('*');
      assert.equal(before.error?.code, '42P01');
      writeFileSync(path.join(project.root, 'supabase', 'migrations', '20240104000000_reviews.sql'), "create table public.reviews (id int primary key, book_id bigint references public.books (id), stars int);\ninsert into public.reviews values (1, 3, 5);\n");
      const up = project.run(['migration', 'up']);
      assert.equal(up.code, 0, up.stderr);
      const deadline = Date.now() + 10_000;
      let answer = await db.from('reviews').select('stars, books(title)');
      while (answer.error && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        answer = await db.from('reviews').select('stars, books(title)');
      }
      assert.deepEqual([answer.data, answer.error], [[{ stars: 5, books: { title: 'Kindred' } }], null]);
    });
  });
});
