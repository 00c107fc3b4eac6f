/**
 * `inspect db` report time on a native PostgreSQL 15 holding 200 tables with rows, indexes and
 * statistics: all 19 reports one after another (each connects, runs its query, disconnects, as
 * the command does), next to the floor of 19 connections that each run `select 1`; and one
 * report as a whole command process (needs `npm run build`). Run with `npx tsx bench/inspect-db.ts`.
 * It prints; it never fails a build.
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { withUrl } from '../tasks/db/connect.js';
import { REPORTS, runReport } from '../tasks/inspect/run-report.js';
import { startProject } from '../test/integration/support/running-project.js';
import { median, medianOf, report, timeCommand } from './measure.js';

const BIN = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));

const runs = Number(process.env.BENCH_RUNS ?? 7);
const project = await startProject();
try {
  await withUrl(project.dbUrl, async (client) => {
    const tables = Array.from({ length: 200 }, (_, i) => `create table public.b${i} (id bigint primary key, label text, n int);
      create index on public.b${i} (n);
      insert into public.b${i} select g, 'row ' || g, g % 7 from generate_series(1, 200) g;`);
    await client.query(`${tables.join('\n')}\nanalyze;`);
  });
  const time = async (work: () => Promise<unknown>) => {
    const start = process.hrtime.bigint();
    await work();
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const allReports = () => time(async () => {
    for (const name of REPORTS.keys()) await runReport(project.dbUrl, name);
  });
  const floor = () => time(async () => {
    for (let i = 0; i < REPORTS.size; i++) {
      const client = new pg.Client({ connectionString: project.dbUrl });
      await client.connect();
      await client.query('select 1');
      await client.end();
    }
  });
  const reportTimes: number[] = [];
  const floorTimes: number[] = [];
  // The first round warms the caches (and creates pg_stat_statements); it is not counted.
  for (let run = 0; run <= runs; run++) {
    const reports = await allReports();
    const connections = await floor();
    if (run > 0) {
      reportTimes.push(reports);
      floorTimes.push(connections);
    }
  }
  report('inspect db, all 19 reports', median(reportTimes), 'ms');
  report('  19 connections running select 1', median(floorTimes), 'ms');
  console.log(`  ratio to that floor: ${(median(reportTimes) / median(floorTimes)).toFixed(2)}x`);
  const command = medianOf(runs, () => timeCommand(process.execPath, [BIN, 'inspect', 'db', 'bloat', '--db-url', project.dbUrl]));
  report('inspect db bloat as a process', command, 'ms');
} finally {
  await project.dispose();
}
