/**
 * The native runtime's own vector extension (native-extensions/vector, pgvector 0.6's SQL
 * interface in C compiled by the runtime) on a real PostgreSQL 15 cluster started by the native
 * runtime: every operator and function against the same arithmetic done in JavaScript (in single
 * precision where pgvector sums in single precision), the text and binary forms, the casts, and
 * pgvector's messages for bad dimensions and input. Needs gcc and postgresql-server-dev-15.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { initProject } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';
import { nativeRuntime } from '../../tasks/native/native-runtime.js';
import { withConnection } from '../../tasks/db/connect.js';
import { prove } from '../../tasks/testing/prove.js';
import { requireCommand } from '../helpers/require-command.js';
import { requireServerHeaders } from './support/server-headers.js';
import { freePort, nativeTestEnv, removeDir, tempDir } from './support/temp-project.js';

/** A seeded generator, so a failure can be reproduced with the same vectors. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const f = Math.fround;

/** Sums in single precision, as the C code does. */
function sum32(values: number[]): number {
  let total = 0;
  for (const value of values) total = f(total + f(value));
  return total;
}

const floats = (v: unknown) => (v as number[]).map(f);

const literal = (v: number[]) => `[${v.join(',')}]`;

describe('native runtime vector extension', function () {
  this.timeout(180_000);
  let env: NodeJS.ProcessEnv;
  let root: string;
  let config: ProjectConfig;

  before(async function () {
    requireCommand(this, 'gcc', ['--version'], 'apt-get install gcc');
    requireServerHeaders(this);
    env = await nativeTestEnv({ SUPABASE_NATIVE_POSTGRES: 'system' });
    root = await tempDir('native-vector');
    await initProject(root);
    await mkdir(path.join(root, 'supabase', 'migrations'), { recursive: true });
    await writeFile(path.join(root, 'supabase', 'migrations', '20240101000000_vector.sql'), 'create extension if not exists vector with schema extensions;\n');
    // The AI & Vectors guide's schema, as projects copy it: the type and operators found through
    // the search_path, a match function, and an index made while the table is still empty.
    await writeFile(
      path.join(root, 'supabase', 'migrations', '20240101000001_documents.sql'),
      `create table documents (id bigserial primary key, content text not null, embedding vector(3));
create or replace function match_documents(query_embedding vector(3), match_threshold float, match_count int)
returns table (id bigint, content text, similarity float) language sql stable as $$
  select documents.id, documents.content, 1 - (documents.embedding <=> query_embedding) as similarity
  from documents
  where 1 - (documents.embedding <=> query_embedding) > match_threshold
  order by (documents.embedding <=> query_embedding) asc
  limit least(match_count, 200);
$$;
create index on documents using hnsw (embedding vector_cosine_ops);
create index on documents using ivfflat (embedding vector_cosine_ops) with (lists = 100);
`,
    );
    ({ config } = await loadConfig(root, { env }));
    config.db.port = await freePort();
    const started = await nativeRuntime.start({ root, config }, { env });
    assert.equal(started.migrations?.applied.length, 2);
  });
  after(async () => {
    if (config) await nativeRuntime.destroyData(config.project_id, { env }).catch(() => undefined);
    if (root) await removeDir(root);
  });

  const db = <T>(work: (client: pg.Client) => Promise<T>) =>
    withConnection({ port: config.db.port }, async (client) => {
      await client.query('set search_path = public, extensions');
      return work(client);
    });
  const one = (sql: string, params: unknown[] = []) => db(async (client) => (await client.query(sql, params)).rows[0] as Record<string, unknown>);
  const failure = (sql: string, params: unknown[] = []) =>
    db(async (client) => {
      try {
        await client.query(sql, params);
      } catch (err) {
        const e = err as { message: string; detail?: string };
        return e.detail ? `${e.message} | ${e.detail}` : e.message;
      }
      throw new Error(`${sql} succeeded`);
    });

  it('is the native runtime implementation of pgvector 0.6.0', async () => {
    const row = await one("select e.extversion, a.comment from pg_extension e join pg_available_extensions a on a.name = e.extname where e.extname = 'vector'");
    assert.equal(row.extversion, '0.6.0');
    assert.match(String(row.comment), /native runtime implementation/);
  });

  it('reads and writes the text form, the shortest that reads back as the same floats', async () => {
    const row = await one("select '[1, 2.5 ,-3e2]'::vector::text as a, ' [0.1,1e-7]  '::vector::text as b, '[1,2,3]'::vector(3)::text as c");
    assert.deepEqual(row, { a: '[1,2.5,-300]', b: '[0.1,1e-07]', c: '[1,2,3]' });
  });

  it('refuses bad input with pgvector\'s messages', async () => {
    const cases: Array<[string, string]> = [
      ["select '1,2'::vector", 'invalid input syntax for type vector: "1,2" | Vector contents must start with "[".'],
      ["select '[1,2'::vector", 'invalid input syntax for type vector: "[1,2" | Vector contents must end with "]".'],
      ["select '[1,2] x'::vector", 'invalid input syntax for type vector: "[1,2] x" | Junk after closing right brace.'],
      ["select '[1,,2]'::vector", 'invalid input syntax for type vector: "[1,,2]"'],
      ["select '[1,a]'::vector", 'invalid input syntax for type vector: "[1,a]"'],
      ["select '[]'::vector", 'vector must have at least 1 dimension'],
      ["select '[NaN]'::vector", 'NaN not allowed in vector'],
      ["select '[Infinity]'::vector", 'infinite value not allowed in vector'],
      ["select '[4e38]'::vector", '"4e38" is out of range for type vector'],
      [`select '[${Array(16_001).fill(0).join(',')}]'::vector`, 'vector cannot have more than 16000 dimensions'],
    ];
    for (const [sql, message] of cases) assert.equal(await failure(sql), message, sql);
  });

  it('checks dimensions against the type modifier and between operands', async () => {
    assert.equal(await failure("select '[1,2]'::vector(3)"), 'expected 3 dimensions, not 2');
    assert.equal(await failure('select null::vector(0)'), 'dimensions for type vector must be at least 1');
    assert.equal(await failure('select null::vector(16001)'), 'dimensions for type vector cannot exceed 16000');
    assert.equal(await failure('select null::vector(2, 3)'), 'invalid type modifier');
    assert.equal(await failure("select '[1,2]'::vector <-> '[1,2,3]'"), 'different vector dimensions 2 and 3');
    assert.equal(await failure("select '[1,2]'::vector + '[1,2,3]'"), 'different vector dimensions 2 and 3');
    await db(async (client) => {
      await client.query('create temporary table items (embedding vector(3))');
      await client.query("insert into items values ('[1,2,3]')");
      await assert.rejects(client.query("insert into items values ('[1,2]')"), /expected 3 dimensions, not 2/);
      await assert.rejects(client.query("insert into items values (array[1,2]::real[])"), /expected 3 dimensions, not 2/);
      const { rows } = await client.query('select format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = $1::regclass and attname = $2', ['items', 'embedding']);
      assert.equal(rows[0].type, 'vector(3)');
    });
  });

  it('sends and receives the binary form: dimensions, a zero, then the floats', async () => {
    const row = await one("select encode(vector_send('[1,-2.5]'), 'hex') as hex");
    assert.equal(row.hex, '000200003f800000c0200000');
    // pg sends a Buffer parameter in binary: the server reads it with vector_recv.
    const binary = Buffer.from('000300004040000000000000bf000000', 'hex');
    assert.equal((await one('select $1::vector::text as v', [binary])).v, '[3,0,-0.5]');
    assert.equal(await failure('select $1::vector::text', [Buffer.from('000100013f800000', 'hex')]), 'expected unused to be 0, not 1');
  });

  it('casts from integer[], real[], double precision[] and numeric[], and to real[]', async () => {
    const row = await one(
      `select array[1,2]::vector::text as i, array[1.5,2]::real[]::vector::text as r,
              array[0.1,2]::double precision[]::vector::text as d, array[1.25,3]::numeric[]::vector::text as n,
              '[1,2.5]'::vector::real[] as back, array[1,2,3]::vector(3)::text as typed`,
    );
    assert.deepEqual(row, { i: '[1,2]', r: '[1.5,2]', d: '[0.1,2]', n: '[1.25,3]', back: [1, 2.5], typed: '[1,2,3]' });
    assert.equal(await failure('select array[[1,2],[3,4]]::vector'), 'array must be 1-D');
    assert.equal(await failure('select array[1,null]::vector'), 'array must not contain nulls');
    assert.equal(await failure("select array['NaN']::real[]::vector"), 'NaN not allowed in vector');
    assert.equal(await failure('select array[1,2]::vector(3)'), 'expected 3 dimensions, not 2');
  });

  it('computes every distance, norm and arithmetic operator as JavaScript does', async () => {
    const next = random(7);
    for (let round = 0; round < 20; round++) {
      const dim = 1 + Math.floor(next() * 64);
      const a = Array.from({ length: dim }, () => f(next() * 4 - 2));
      const b = Array.from({ length: dim }, () => f(next() * 4 - 2));
      const row = await one(
        `select $1::vector <-> $2::vector as l2, $1::vector <#> $2::vector as nip, $1::vector <=> $2::vector as cos,
                l2_distance($1, $2) as l2f, inner_product($1, $2) as ip, cosine_distance($1, $2) as cosf, l1_distance($1, $2) as l1,
                vector_norm($1) as norm, vector_dims($1) as dims,
                ($1::vector + $2::vector)::real[] as plus, ($1::vector - $2::vector)::real[] as minus, ($1::vector * $2::vector)::real[] as times`,
        [literal(a), literal(b)],
      );
      const l2 = Math.sqrt(sum32(a.map((x, i) => f(f(x - b[i]) * f(x - b[i])))));
      const ip = sum32(a.map((x, i) => f(x * b[i])));
      const cos = 1 - ip / Math.sqrt(sum32(a.map((x) => f(x * x))) * sum32(b.map((x) => f(x * x))));
      const close = (actual: unknown, expected: number, what: string) =>
        assert.ok(Math.abs(Number(actual) - expected) <= 1e-6 * Math.max(1, Math.abs(expected)), `${what}: ${String(actual)} vs ${expected}`);
      close(row.l2, l2, 'l2');
      close(row.l2f, l2, 'l2_distance');
      close(row.ip, ip, 'inner_product');
      close(row.nip, -ip, '<#>');
      close(row.cos, Math.min(2, Math.max(0, cos)), '<=>');
      close(row.cosf, Math.min(2, Math.max(0, cos)), 'cosine_distance');
      close(row.l1, sum32(a.map((x, i) => Math.abs(f(x - b[i])))), 'l1_distance');
      close(row.norm, Math.sqrt(a.reduce((s, x) => s + x * x, 0)), 'vector_norm');
      assert.equal(row.dims, dim);
      // real[] comes back as the shortest decimal text of each float: rounded again it is that float.
      assert.deepEqual(floats(row.plus), a.map((x, i) => f(x + b[i])));
      assert.deepEqual(floats(row.minus), a.map((x, i) => f(x - b[i])));
      assert.deepEqual(floats(row.times), a.map((x, i) => f(x * b[i])));
    }
  });

  it('answers NaN for the cosine distance to a zero vector, and overflow and underflow as floats do', async () => {
    assert.ok(Number.isNaN(Number((await one("select '[0,0]'::vector <=> '[1,1]' as d")).d)));
    assert.equal(await failure("select '[3e38]'::vector + '[3e38]'"), 'value out of range: overflow');
    assert.equal(await failure("select '[1e-30]'::vector * '[1e-30]'"), 'value out of range: underflow');
  });

  it('compares, sorts and groups vectors', async () => {
    const row = await one(
      `select '[1,2]'::vector < '[1,3]' as lt, '[1,2]'::vector <= '[1,2]' as le, '[1,2]'::vector = '[1,2]' as eq,
              '[1,2]'::vector <> '[1,2]' as ne, '[2]'::vector > '[1,9]' as gt, '[1,2]'::vector >= '[1,2,0]' as ge,
              (select array_agg(v::text order by v) from unnest(array['[2,1]','[1,2,3]','[1,2]']::vector[]) v) as sorted,
              (select count(distinct v) from unnest(array['[1,2]','[1,2]','[2,1]']::vector[]) v) as distinct_count`,
    );
    assert.deepEqual(row, { lt: true, le: true, eq: true, ne: false, gt: true, ge: false, sorted: ['[1,2]', '[1,2,3]', '[2,1]'], distinct_count: '2' });
  });

  it('averages and sums with avg and sum', async () => {
    const next = random(11);
    const rows = Array.from({ length: 50 }, () => Array.from({ length: 8 }, () => f(next() * 10 - 5)));
    const row = await one('select avg(v)::real[] as avg, sum(v)::real[] as sum from unnest($1::vector[]) v', [rows.map(literal)]);
    const avg = rows[0].map((_, i) => f(rows.reduce((s, r) => s + r[i], 0) / rows.length));
    const sum = rows[0].map((_, i) => rows.reduce((s, r) => f(s + r[i]), 0));
    (row.avg as number[]).forEach((x, i) => assert.ok(Math.abs(x - avg[i]) <= 1e-6, `avg[${i}]`));
    assert.deepEqual(floats(row.sum), sum);
    assert.deepEqual(await one("select avg(v) as avg, sum(v) as sum from unnest(array[]::vector[]) v"), { avg: null, sum: null });
    assert.equal(await failure("select avg(v) from unnest(array['[1,2]','[1,2,3]']::vector[]) v"), 'expected 2 dimensions, not 3');
  });

  it('runs the guide\'s match_documents over its indexes', async () => {
    const rows = await db(async (client) => {
      await client.query("insert into documents (content, embedding) values ('north', '[0,1,0]'), ('north-east', '[1,1,0]'), ('south', '[0,-1,0]')");
      return (await client.query("select content, round(similarity::numeric, 4)::float as similarity from match_documents('[0,2,0]', 0.5, 10)")).rows;
    });
    assert.deepEqual(rows, [{ content: 'north', similarity: 1 }, { content: 'north-east', similarity: 0.7071 }]);
  });

  it('passes a pgTAP suite through the runner test db uses', async () => {
    const tests = path.join(root, 'supabase', 'tests');
    await mkdir(tests, { recursive: true });
    const file = path.join(tests, 'vector_test.sql');
    await writeFile(
      file,
      `begin;
select plan(6);
create table notes (id bigint primary key, embedding extensions.vector(3));
insert into notes values (1, '[1,0,0]'), (2, '[0,1,0]'), (3, '[0.9,0.1,0]');
select results_eq($$select id from notes order by embedding operator(extensions.<->) '[1,0,0]' limit 2$$, array[1::bigint, 3], 'nearest by l2');
select results_eq($$select id from notes order by embedding operator(extensions.<=>) '[0,1,0]' limit 1$$, array[2::bigint], 'nearest by cosine');
select is(extensions.vector_dims('[1,2,3]'), 3, 'vector_dims');
select is(extensions.l2_distance('[0,0]', '[3,4]'), 5::float8, 'l2_distance');
select throws_ok($$insert into notes values (4, '[1,2]')$$, '22000', 'expected 3 dimensions, not 2', 'the typmod is checked');
select is((select extensions.avg(embedding)::text from notes), '[0.6333333,0.36666667,0]', 'avg');
select * from finish();
rollback;
`,
    );
    let output = '';
    const report = await prove({
      connectionString: `postgresql://postgres:postgres@127.0.0.1:${config.db.port}/postgres`,
      testsDir: tests,
      files: [file],
      env,
      stdout: (text) => (output += text),
      stderr: (text) => (output += text),
    });
    assert.ok(report.passed, output);
    assert.equal(report.tests, 6, output);
  });
});

describe('native runtime vector extension with the embedded binaries', function () {
  this.timeout(180_000);

  it('the module built against the system headers loads into the embedded server, indexes included', async function () {
    requireCommand(this, 'gcc', ['--version'], 'apt-get install gcc');
    requireServerHeaders(this);
    const env = await nativeTestEnv({ SUPABASE_NATIVE_POSTGRES: 'embedded' });
    const root = await tempDir('native-vector-embedded');
    await initProject(root);
    await mkdir(path.join(root, 'supabase', 'migrations'), { recursive: true });
    await writeFile(
      path.join(root, 'supabase', 'migrations', '20240101000000_vector.sql'),
      `create extension vector with schema extensions;
create table t (id int primary key, e extensions.vector(3));
insert into t select i, array[i, 1, 2] from generate_series(1, 100) i;
create index on t using hnsw (e extensions.vector_l2_ops);
`,
    );
    const { config } = (await loadConfig(root, { env })) as { config: ProjectConfig };
    config.db.port = await freePort();
    try {
      await nativeRuntime.start({ root, config }, { env });
      const row = await withConnection({ port: config.db.port }, async (client) => {
        await client.query('set enable_seqscan = off');
        return (await client.query("select version() as version, array(select id from t order by e operator(extensions.<->) '[5.1,1,2]' limit 3) as ids")).rows[0];
      });
      // The embedded distribution says who compiled it; Debian's server says Debian.
      assert.doesNotMatch(String(row.version), /Debian/);
      assert.deepEqual(row.ids, [5, 6, 4]);
    } finally {
      await nativeRuntime.destroyData(config.project_id, { env }).catch(() => undefined);
      await removeDir(root);
    }
  });
});
