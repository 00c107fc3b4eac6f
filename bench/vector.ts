/**
 * The native runtime's vector extension on 20,000 random 128-dimension vectors (around 100
 * random centers, as embeddings gather by topic): a top-10 query through the hnsw index and
 * through ivfflat (probes = 10), next to the floor they must beat, the exact answer of a
 * sequential scan; the recall of each against it; and each index's build time per 1,000 rows.
 * Needs gcc and postgresql-server-dev-15. Run with `npx tsx bench/vector.ts`. It prints; it never
 * fails a build.
 */
import type pg from 'pg';
import { withUrl } from '../tasks/db/connect.js';
import { startProject } from '../test/integration/support/running-project.js';
import { median, report } from './measure.js';

const ROWS = Number(process.env.BENCH_VECTOR_ROWS ?? 20_000);
const QUERIES = 50;

const project = await startProject({
  'migrations/20240101000000_items.sql': `create extension vector with schema extensions;
create table items (id bigint primary key, embedding extensions.vector(128));
create table queries (id int primary key, embedding extensions.vector(128));
select setseed(0.42);
create temporary table centers as
  select c, (select array_agg(random()) from generate_series(1, 128) where c >= 0) as v from generate_series(0, 99) c;
insert into items
  select i, (select array_agg(v[d] + random() - 0.5 order by d) from generate_series(1, 128) d)::extensions.vector
  from generate_series(1, ${ROWS}) i join centers on c = i % 100;
insert into queries
  select i, (select array_agg(v[d] + random() - 0.5 order by d) from generate_series(1, 128) d)::extensions.vector
  from generate_series(1, ${QUERIES}) i join centers on c = (i * 7) % 100;
analyze items;
`,
});

/** Milliseconds of each of the top-10 queries (after one warm-up pass), and their answers. */
async function queries(client: pg.Client): Promise<{ times: number[]; answers: string[][] }> {
  const run = async () => {
    const times: number[] = [];
    const answers: string[][] = [];
    for (let id = 1; id <= QUERIES; id++) {
      const start = process.hrtime.bigint();
      const { rows } = await client.query<{ id: string }>(
        'select id from items order by embedding operator(extensions.<->) (select embedding from queries where id = $1) limit 10',
        [id],
      );
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      answers.push(rows.map((row) => row.id));
    }
    return { times, answers };
  };
  await run();
  return run();
}

const recall = (found: string[][], truth: string[][]) =>
  found.reduce((hits, ids, i) => hits + ids.filter((id) => truth[i].includes(id)).length, 0) / (QUERIES * 10);

async function timed(client: pg.Client, sql: string): Promise<number> {
  const start = process.hrtime.bigint();
  await client.query(sql);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

try {
  await withUrl(project.dbUrl, async (client) => {
    await client.query('set enable_indexscan = off');
    const exact = await queries(client);
    await client.query('reset enable_indexscan');
    report(`top-10 by exact scan of ${ROWS} rows (floor, median of ${QUERIES})`, median(exact.times), 'ms');

    const hnswBuild = await timed(client, 'create index items_hnsw on items using hnsw (embedding extensions.vector_l2_ops)');
    const hnsw = await queries(client);
    const hnswMs = median(hnsw.times);
    report('top-10 through hnsw (ef_search 40)', hnswMs, `ms = ${(median(exact.times) / hnswMs).toFixed(1)}x faster than the floor, recall ${recall(hnsw.answers, exact.answers).toFixed(3)}`, 'at least 10x faster');
    report('hnsw build', hnswBuild / (ROWS / 1000), 'ms per 1,000 rows');
    await client.query('drop index items_hnsw');

    const ivfBuild = await timed(client, `create index items_ivfflat on items using ivfflat (embedding extensions.vector_l2_ops) with (lists = ${Math.max(1, ROWS / 1000)})`);
    await client.query('set ivfflat.probes = 10');
    const ivf = await queries(client);
    const ivfMs = median(ivf.times);
    report('top-10 through ivfflat (probes 10)', ivfMs, `ms = ${(median(exact.times) / ivfMs).toFixed(1)}x faster than the floor, recall ${recall(ivf.answers, exact.answers).toFixed(3)}`);
    report('ivfflat build', ivfBuild / (ROWS / 1000), 'ms per 1,000 rows');
  });
} finally {
  await project.dispose();
}
