/**
 * The 19 `inspect db` reports against a real PostgreSQL 15 from the native runtime: first each on
 * an empty database, then on one prepared to trigger them (an unused index on a table over five
 * pages, a blocked lock held by a second connection, a long query, dead rows past the autovacuum
 * threshold, a replication slot).
 */
import assert from 'node:assert/strict';
import pg from 'pg';
import { REPORTS, runReport } from '../../tasks/inspect/run-report.js';
import { runMain } from '../helpers/run-cli.js';
import { startProject, type RunningProject } from './support/running-project.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('inspect db reports', function () {
  this.timeout(120_000);
  let project: RunningProject;
  const extra: pg.Client[] = [];
  const inspect = (report: string, ...extraArgs: string[]) =>
    runMain(['inspect', 'db', report, '--local', '--workdir', project.root, ...extraArgs], { env: project.env });
  const open = async () => {
    const client = new pg.Client({ connectionString: project.dbUrl });
    client.on('error', () => undefined);
    await client.connect();
    extra.push(client);
    return client;
  };
  /** Polls a report until `check` accepts its rows; statistics reach other sessions with a delay. */
  async function until(report: string, check: (cells: string[][]) => boolean, options = {}) {
    for (let attempt = 0; ; attempt += 1) {
      const result = await runReport(project.dbUrl, report, options);
      if (check(result.cells) || attempt > 40) return result;
      await sleep(250);
    }
  }

  before(async () => {
    project = await startProject();
  });
  after(async () => {
    for (const client of extra) await client.end().catch(() => undefined);
    await project?.dispose();
  });

  it('defines exactly the 19 reports of the original', () => {
    assert.equal(REPORTS.size, 19);
  });

  describe('on an empty database', () => {
    for (const name of [...REPORTS.keys()]) {
      it(`${name} prints its headers and succeeds`, async () => {
        const result = await inspect(name);
        assert.equal(result.code, 0, result.stderr);
        const header = result.stdout.split('\n')[0];
        for (const column of REPORTS.get(name)!.columns) assert.ok(header.includes(column), `${column} in ${header}`);
        assert.match(result.stderr, /Connecting to local database\.\.\./);
      });
    }

    // "Empty" means no user data: the bootstrap's auth and storage tables are always there.
    it('reports with nothing to show print no rows', async () => {
      for (const name of ['unused-indexes', 'blocking', 'long-running-queries', 'replication-slots']) {
        const result = await runReport(project.dbUrl, name);
        assert.deepEqual(result.cells, [], name);
      }
    });
  });

  describe('on a prepared database', () => {
    before(async () => {
      const setup = await open();
      await setup.query(`
        create table public.big (id bigint primary key, val int);
        insert into public.big select g, g % 100 from generate_series(1, 20000) g;
        create index big_val_idx on public.big (val);
        create table public.churn (id int) with (autovacuum_enabled = false);
        insert into public.churn select generate_series(1, 1000);
        analyze public.big; analyze public.churn;
        delete from public.churn;
        select count(*) from public.big;
        select pg_create_physical_replication_slot('inspect_test_slot');
      `);
      // Idle sessions publish their statistics only every 10 s unless told to do it now (PG 15).
      await setup.query('select pg_stat_force_next_flush()');
    });
    after(async () => {
      const cleanup = await open();
      await cleanup.query("select pg_drop_replication_slot('inspect_test_slot')").catch(() => undefined);
    });

    it('unused-indexes lists a non-unique, unscanned index on a table over five pages, not the primary key', async () => {
      const result = await until('unused-indexes', (cells) => cells.length > 0);
      assert.deepEqual(result.cells.map((row) => [row[0], row[1], row[3]]), [['public.big', 'big_val_idx', '0']]);
    });

    it('size reports show the table and its indexes', async () => {
      assert.ok((await runReport(project.dbUrl, 'index-sizes')).cells.some((row) => row[0] === 'big_val_idx'));
      assert.ok((await runReport(project.dbUrl, 'table-sizes')).cells.some((row) => row[0] === 'big' && /kB|MB/.test(row[1])));
      assert.ok((await runReport(project.dbUrl, 'table-index-sizes')).cells.some((row) => row[0] === 'big'));
      assert.equal((await runReport(project.dbUrl, 'total-table-sizes')).cells[0][0], 'big');
      assert.match((await runReport(project.dbUrl, 'total-index-size')).cells[0][0], /\d+ (kB|MB|bytes)/);
      const bloat = await runReport(project.dbUrl, 'bloat');
      assert.ok(bloat.cells.some((row) => row[0] === 'table' && row[1] === 'public' && row[2] === 'big'));
      assert.ok(bloat.cells.some((row) => row[0] === 'index' && row[2] === 'big::big_val_idx'));
    });

    it('usage reports count scans and rows', async () => {
      const seq = await until('seq-scans', (cells) => cells.some((row) => row[0] === 'big' && Number(row[1]) > 0));
      assert.ok(seq.cells.some((row) => row[0] === 'big'));
      const counts = await until('table-record-counts', (cells) => cells.some((row) => row[0] === 'big' && row[1] === '20000'));
      assert.deepEqual(counts.cells[0], ['big', '20000']);
      const usage = await until('index-usage', (cells) => cells.some((row) => row[0] === 'big'));
      assert.deepEqual(usage.cells.find((row) => row[0] === 'big'), ['big', 'Insufficient data', '20000']);
    });

    it('vacuum-stats expects autovacuum once dead rows pass threshold + scale factor x rows', async () => {
      const result = await until('vacuum-stats', (cells) => cells.some((row) => row[1] === 'churn' && row[6] === 'yes'));
      const churn = result.cells.find((row) => row[1] === 'churn');
      assert.deepEqual(churn, ['public', 'churn', '', '', '1,000', '1,000', 'yes']);
      assert.equal(result.cells.find((row) => row[1] === 'big')?.[6], 'no');
    });

    it('locks and blocking show a lock held by one connection and awaited by another', async () => {
      const holder = await open();
      const waiter = await open();
      await holder.query('begin');
      await holder.query('update public.big set val = val where id = 1');
      const holderPid = (await holder.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      const waiterPid = (await waiter.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      const waiting = waiter.query('update public.big set val = val + 1 where id = 1');
      try {
        const blocking = await until('blocking', (cells) => cells.length > 0);
        const row = blocking.cells[0];
        assert.equal(row[0], String(waiterPid));
        assert.equal(row[3], String(holderPid));
        assert.match(row[4], /^update public\.big set val = val \+ 1 where id = 1$/);
        const locks = await runReport(project.dbUrl, 'locks');
        assert.ok(locks.cells.some((cells) => cells[0] === String(holderPid) && cells[3] === 'true'));
      } finally {
        await holder.query('rollback');
        await waiting;
      }
    });

    it('long-running-queries applies its age filter (threshold lowered for the test only)', async () => {
      const sleeper = await open();
      const pid = (await sleeper.query('select pg_backend_pid() as pid')).rows[0].pid as number;
      const running = sleeper.query('select pg_sleep(3)');
      await sleep(1_200);
      const lowered = await runReport(project.dbUrl, 'long-running-queries', { testOnlyLongRunningThreshold: '1 second' });
      const normal = await runReport(project.dbUrl, 'long-running-queries');
      await running;
      assert.ok(lowered.cells.some((row) => row[0] === String(pid) && row[2] === 'select pg_sleep(3)'), JSON.stringify(lowered.cells));
      assert.ok(!normal.cells.some((row) => row[0] === String(pid)));
    });

    it('calls and outliers read pg_stat_statements', async () => {
      const client = await open();
      for (let i = 0; i < 5; i += 1) await client.query('select count(*) from public.big where val = $1', [i]);
      const calls = await runReport(project.dbUrl, 'calls');
      assert.ok(calls.cells.some((row) => row[0] === 'select count(*) from public.big where val = $1' && Number(row[3]) >= 5), JSON.stringify(calls.cells));
      assert.match(calls.cells[0][2], /^\d+\.\d%$/);
      const outliers = await runReport(project.dbUrl, 'outliers');
      assert.ok(outliers.cells.length > 0);
      assert.match(outliers.cells[0][1], /^\d\d:\d\d:\d\d/);
    });

    it('calls creates pg_stat_statements in schema extensions when it is missing', async () => {
      const client = await open();
      await client.query('drop extension if exists pg_stat_statements');
      await runReport(project.dbUrl, 'calls');
      const found = await client.query("select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_stat_statements'");
      assert.deepEqual(found.rows, [{ schema: 'extensions' }]);
    });

    it('replication-slots shows an inactive slot', async () => {
      const result = await runReport(project.dbUrl, 'replication-slots');
      assert.deepEqual(result.cells, [['inspect_test_slot', 'false', 'N/A', 'N/A', '0']]);
    });

    it('role-connections prints the total against the limit', async () => {
      const result = await inspect('role-connections');
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /\n\nActive connections \d+\/100\n\n$/);
      assert.match(result.stdout, /postgres/);
    });

    it('cache-hit prints two ratios with six decimals and flags one under 99%', async () => {
      const result = await runReport(project.dbUrl, 'cache-hit');
      assert.deepEqual(result.cells.map((row) => row[0]), ['index hit rate', 'table hit rate']);
      for (const row of result.cells) assert.match(row[1], /^(\d\.\d{6}|null)$/);
      const flag = REPORTS.get('cache-hit')!.after!([['index hit rate', '0.999'], ['table hit rate', '0.5']], { host: '127.0.0.1' });
      assert.match(flag ?? '', /table hit rate is 50\.00%, below 99%/);
      assert.doesNotMatch(flag ?? '', /index hit rate/);
    });

    it('prints JSON keyed by column header with -o json', async () => {
      const result = await inspect('table-record-counts', '-o', 'json');
      assert.equal(result.code, 0, result.stderr);
      const rows = JSON.parse(result.stdout) as Array<Record<string, unknown>>;
      assert.deepEqual(rows.find((row) => row.Name === 'big'), { Name: 'big', 'Estimated count': '20000' });
    });

    it('defaults to the linked project: an unlinked folder gets the not-linked message', async () => {
      const result = await runMain(['inspect', 'db', 'locks', '--workdir', project.root], { env: project.env });
      assert.equal(result.code, 1);
      assert.equal(result.stderr.split('\n')[0], 'Cannot find project ref. Have you run supabase link?');
    });
  });
});
