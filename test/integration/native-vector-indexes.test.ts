/**
 * The vector extension's approximate indexes on the native runtime, on 20,000 random vectors of
 * 128 dimensions (seeded in SQL, so every run has the same table): each index's top-10 for 50
 * queries against the exact answer of a sequential scan, `explain` showing the index used for
 * ORDER BY <distance> LIMIT, and the rows staying right through inserts, deletes and vacuum.
 *
 * The vectors are drawn around 100 random centers with noise as wide as the centers' spread, as
 * embeddings gather by topic with overlap (ivfflat with probes = 1 finds 84% of the top-10 here,
 * so the lists are an approximation, not an exact partition). On vectors with no structure at
 * all (uniform in the cube), an inverted-file index cannot do better than the share of the
 * data it reads: lists = 20 and probes = 10 give a recall of about 0.8 there. Nor can a graph:
 * on 20,000 uniform vectors hnswlib itself (m = 16, ef_construction = 64, ef = 40) finds 0.45-0.49
 * of the L2 top-10, 0.55-0.58 of the cosine one and 0.92 of the inner product one, and ours the
 * same (0.46, 0.57, 0.97), so the floors below are for data with structure, as embeddings have.
 * An hnsw graph's levels come from a hash of each row's place in the table, so these rows build
 * the same graph every run, and ivfflat's sample and k-means draw from a fixed seed: the recall
 * asserted is the one measured, not a draw.
 * Needs gcc and postgresql-server-dev-15, as native-vector.test.ts.
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
import { requireCommand } from '../helpers/require-command.js';
import { requireServerHeaders } from './support/server-headers.js';
import { freePort, nativeTestEnv, removeDir, tempDir } from './support/temp-project.js';

const ROWS = 20_000;
const DIMS = 128;
const QUERIES = 50;

describe('native runtime vector indexes', function () {
  this.timeout(600_000);
  let env: NodeJS.ProcessEnv;
  let root: string;
  let config: ProjectConfig;

  before(async function () {
    requireCommand(this, 'gcc', ['--version'], 'apt-get install gcc');
    requireServerHeaders(this);
    env = await nativeTestEnv({ SUPABASE_NATIVE_POSTGRES: 'system' });
    root = await tempDir('native-vector-idx');
    await initProject(root);
    await mkdir(path.join(root, 'supabase', 'migrations'), { recursive: true });
    await writeFile(
      path.join(root, 'supabase', 'migrations', '20240101000000_items.sql'),
      `create extension if not exists vector with schema extensions;
create table items (id bigint primary key, embedding extensions.vector(${DIMS}));
create table queries (id int primary key, embedding extensions.vector(${DIMS}));
select setseed(0.42);
create temporary table centers as
  select c, (select array_agg(random()) from generate_series(1, ${DIMS}) where c >= 0) as v from generate_series(0, 99) c;
insert into items
  select i, (select array_agg(v[d] + random() - 0.5 order by d) from generate_series(1, ${DIMS}) d)::extensions.vector
  from generate_series(1, ${ROWS}) i join centers on c = i % 100;
insert into queries
  select i, (select array_agg(v[d] + random() - 0.5 order by d) from generate_series(1, ${DIMS}) d)::extensions.vector
  from generate_series(1, ${QUERIES}) i join centers on c = (i * 7) % 100;
analyze items;
`,
    );
    ({ config } = await loadConfig(root, { env }));
    config.db.port = await freePort();
    await nativeRuntime.start({ root, config }, { env });
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

  /** The top-10 ids of every query, by `operator`, as the current settings have the planner find them. */
  const topTen = async (client: pg.Client, operator: string) => {
    const answers: string[][] = [];
    for (let id = 1; id <= QUERIES; id++) {
      const { rows } = await client.query<{ id: string }>(
        `select id from items order by embedding ${operator} (select embedding from queries where id = $1) limit 10`,
        [id],
      );
      answers.push(rows.map((row) => row.id));
    }
    return answers;
  };

  /** The exact answer: the same queries with index scans forbidden. */
  const exact = (operator: string) =>
    db(async (client) => {
      await client.query('set enable_indexscan = off');
      return topTen(client, operator);
    });

  const recall = (found: string[][], truth: string[][]) =>
    found.reduce((hits, ids, i) => hits + ids.filter((id) => truth[i].includes(id)).length, 0) / (QUERIES * 10);

  const plan = (client: pg.Client, operator: string) =>
    client
      .query(`explain select id from items order by embedding ${operator} (select embedding from queries where id = 1) limit 10`)
      .then(({ rows }) => rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));

  for (const [operator, opclass] of [
    ['<->', 'vector_l2_ops'],
    ['<=>', 'vector_cosine_ops'],
    ['<#>', 'vector_ip_ops'],
  ] as const) {
    it(`ivfflat (${opclass}): top-10 recall at least 0.9 with probes = 10, and the index used`, async () => {
      const truth = await exact(operator);
      const found = await db(async (client) => {
        await client.query(`create index items_ivfflat on items using ivfflat (embedding ${opclass}) with (lists = ${ROWS / 1000})`);
        try {
          await client.query('set ivfflat.probes = 10');
          assert.match(await plan(client, operator), /Index Scan using items_ivfflat on items/);
          return await topTen(client, operator);
        } finally {
          await client.query('drop index items_ivfflat');
        }
      });
      const score = recall(found, truth);
      assert.ok(score >= 0.9, `recall ${score}`);
    });
  }

  it('ivfflat: the same table makes the same lists, so a rebuild answers every query as before', async () => {
    const build = () =>
      db(async (client) => {
        await client.query(`create index items_ivfflat on items using ivfflat (embedding vector_l2_ops) with (lists = ${ROWS / 1000})`);
        try {
          // One list read: the answers are as far from exact as they get, so they show the lists.
          await client.query('set ivfflat.probes = 1');
          return await topTen(client, '<->');
        } finally {
          await client.query('drop index items_ivfflat');
        }
      });
    assert.deepEqual(await build(), await build());
  });

  // The 0.95 for every class. On these rows ours finds 1 of the L2 top-10, 0.998 of the
  // cosine one and 0.97 of the inner product one (0.98-1 on four more tables drawn alike); pgvector
  // 0.6.0 itself finds 0.92-0.94 of the inner product one here, with some queries finding none:
  // a scan that descends the upper levels with one node (as it and the paper do) can land in the
  // wrong cluster of rows, and inner product answers may lie in several (hnsw-scan.c).
  for (const [operator, opclass] of [
    ['<->', 'vector_l2_ops'],
    ['<=>', 'vector_cosine_ops'],
    ['<#>', 'vector_ip_ops'],
  ] as const) {
    it(`hnsw (${opclass}): top-10 recall at least 0.95 at the default ef_search, and the index used`, async () => {
      const truth = await exact(operator);
      const found = await db(async (client) => {
        await client.query(`create index items_hnsw on items using hnsw (embedding ${opclass})`);
        try {
          assert.equal((await client.query('show hnsw.ef_search')).rows[0]['hnsw.ef_search'], '40');
          assert.match(await plan(client, operator), /Index Scan using items_hnsw on items/);
          return await topTen(client, operator);
        } finally {
          await client.query('drop index items_hnsw');
        }
      });
      const score = recall(found, truth);
      assert.ok(score >= 0.95, `recall ${score}`);
    });
  }

  it('hnsw: the same table builds the same graph, so a rebuild answers every query as before', async () => {
    const build = () =>
      db(async (client) => {
        await client.query('create index items_hnsw on items using hnsw (embedding vector_ip_ops)');
        try {
          return await topTen(client, '<#>');
        } finally {
          await client.query('drop index items_hnsw');
        }
      });
    assert.deepEqual(await build(), await build());
  });

  it('hnsw: rows inserted after the build are found, and deleted rows are never returned, before or after vacuum', async () => {
    await db(async (client) => {
      await client.query('create table graph (id int primary key, embedding vector(3))');
      await client.query('insert into graph select i, array[sin(i), cos(i), i * 0.001]::vector from generate_series(1, 1500) i');
      await client.query('create index graph_embedding_idx on graph using hnsw (embedding vector_l2_ops) with (m = 8, ef_construction = 32)');
      await client.query('insert into graph select i, array[sin(i), cos(i), i * 0.001]::vector from generate_series(1501, 3000) i');
      await client.query('set hnsw.ef_search = 200');
      await client.query('set enable_seqscan = off');
      const query = "select id from graph order by embedding <-> '[0.3,-0.2,1.7]' limit 40";
      assert.match((await client.query(`explain ${query}`)).rows.map((r) => r['QUERY PLAN']).join('\n'), /Index Scan using graph_embedding_idx/);
      const nearest = async () => (await client.query(query)).rows.map((row) => row.id as number);
      const scanned = async () => {
        await client.query('set enable_indexscan = off');
        await client.query('set enable_seqscan = on');
        const ids = await nearest();
        await client.query('set enable_indexscan = on');
        await client.query('set enable_seqscan = off');
        return ids;
      };
      const overlap = (a: number[], b: number[]) => a.filter((id) => b.includes(id)).length / b.length;
      const before = await nearest();
      assert.ok(overlap(before, await scanned()) >= 0.95, 'inserted rows are reachable');
      assert.ok(before.some((id) => id > 1500), 'rows inserted after the build are among the answers');
      await client.query('delete from graph where id = any($1)', [before.slice(0, 10)]);
      const afterDelete = await nearest();
      assert.deepEqual(afterDelete.filter((id) => before.slice(0, 10).includes(id)), []);
      await client.query('vacuum graph');
      await client.query('insert into graph select i, array[sin(i), cos(i), i * 0.001]::vector from generate_series(3001, 3200) i');
      const afterVacuum = await nearest();
      assert.deepEqual(afterVacuum.filter((id) => before.slice(0, 10).includes(id)), []);
      assert.ok(overlap(afterVacuum, await scanned()) >= 0.95, 'the graph still leads to the nearest rows after vacuum');
    });
  });

  it('hnsw: a build past maintenance_work_mem writes what it has and goes on on pages, with the same answers', async () => {
    await db(async (client) => {
      await client.query('create table spill (id int primary key, embedding vector(16))');
      await client.query('insert into spill select i, (select array_agg(sin(i * d)) from generate_series(1, 16) d)::vector from generate_series(1, 6000) i');
      await client.query("set maintenance_work_mem = '1MB'");
      await client.query('create index spill_idx on spill using hnsw (embedding vector_l2_ops)');
      // Every row is in the graph: the index holds as many elements as the table has rows.
      const { rows } = await client.query("select reltuples from pg_class where relname = 'spill_idx'");
      assert.equal(Number(rows[0].reltuples), 6000);
      const query = 'select id from spill order by embedding <-> (select embedding from spill where id = 4321) limit 10';
      await client.query('set enable_seqscan = off');
      const indexed = (await client.query(query)).rows.map((row) => row.id as number);
      await client.query('set enable_indexscan = off');
      await client.query('set enable_seqscan = on');
      const scanned = (await client.query(query)).rows.map((row) => row.id as number);
      assert.equal(indexed[0], 4321);
      assert.ok(indexed.filter((id) => scanned.includes(id)).length >= 9, `${indexed} vs ${scanned}`);
    });
  });

  it('both indexes work on an unlogged table, whose empty index is its init fork', async () => {
    await db(async (client) => {
      await client.query('create unlogged table scratch (id int primary key, embedding vector(2))');
      await client.query('create index on scratch using hnsw (embedding vector_l2_ops)');
      await client.query('create index on scratch using ivfflat (embedding vector_l2_ops) with (lists = 1)');
      await client.query("insert into scratch select i, array[i, -i]::vector from generate_series(1, 50) i");
      await client.query('set enable_seqscan = off');
      const { rows } = await client.query("select id from scratch order by embedding <-> '[10,-10]' limit 3");
      assert.deepEqual(rows.map((row) => row.id).sort((a, b) => a - b), [9, 10, 11]);
    });
  });

  it('hnsw: pgvector\'s messages for its parameters and a column without dimensions', async () => {
    await db(async (client) => {
      await client.query('create table params (embedding vector(2), loose vector)');
      await assert.rejects(client.query('create index on params using hnsw (embedding vector_l2_ops) with (m = 16, ef_construction = 16)'), /^error: ef_construction must be greater than or equal to 2 \* m$/);
      await assert.rejects(client.query('create index on params using hnsw (embedding vector_l2_ops) with (m = 1)'), /value 1 out of bounds for option "m"/);
      await assert.rejects(client.query('create index on params using hnsw (loose vector_l2_ops)'), /^error: column does not have dimensions$/);
      await assert.rejects(client.query('set hnsw.ef_search = 0'), /0 is outside the valid range for parameter "hnsw.ef_search" \(1 .. 1000\)/);
    });
  });

  it('ivfflat: probes = lists reads every list and answers exactly; rows inserted, deleted and vacuumed stay right', async () => {
    await db(async (client) => {
      await client.query('create table small (id int primary key, embedding vector(3))');
      await client.query('insert into small select i, array[i % 7, i % 11, i * 0.001]::vector from generate_series(1, 2000) i');
      await client.query('create index on small using ivfflat (embedding vector_l2_ops) with (lists = 4)');
      await client.query('insert into small select i, array[i % 7, i % 11, i * 0.001]::vector from generate_series(2001, 3000) i');
      await client.query('delete from small where id % 3 = 0');
      await client.query('vacuum small');
      await client.query('insert into small select i, array[i % 5, i % 3, i * 0.001]::vector from generate_series(3001, 3500) i');
      const query = "select array_agg(id order by embedding <-> '[3.1,1.2,4.3]', id) as ids from (select id, embedding from small order by embedding <-> '[3.1,1.2,4.3]' limit 40) s";
      await client.query('set ivfflat.probes = 4');
      await client.query('set enable_seqscan = off');
      const indexed = (await client.query(query)).rows[0].ids as number[];
      assert.match((await client.query(`explain ${query}`)).rows.map((r) => r['QUERY PLAN']).join('\n'), /Index Scan using small_embedding_idx/);
      await client.query('set enable_indexscan = off');
      await client.query('set enable_seqscan = on');
      const scanned = (await client.query(query)).rows[0].ids as number[];
      assert.deepEqual(indexed, scanned);
    });
  });

  it('ivfflat: pgvector\'s messages for a column without dimensions, too many lists and too little data', async () => {
    await db(async (client) => {
      await client.query('create table loose (embedding vector)');
      await assert.rejects(client.query('create index on loose using ivfflat (embedding)'), /^error: column does not have dimensions$/);
      await client.query('create table few (embedding vector(2))');
      await assert.rejects(client.query('create index on few using ivfflat (embedding) with (lists = 40000)'), /value 40000 out of bounds for option "lists"/);
      const notices: string[] = [];
      client.on('notice', (notice) => notices.push(notice.message ?? ''));
      await client.query("insert into few values ('[1,2]')");
      await client.query('create index on few using ivfflat (embedding) with (lists = 10)');
      assert.deepEqual(notices, ['ivfflat index created with little data']);
    });
  });
});
