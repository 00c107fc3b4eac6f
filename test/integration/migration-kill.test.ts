/**
 * kill -9 in the middle of `migration up`: a real CLI process is killed while its migration
 * sleeps inside the transaction. Nothing of that migration may be visible (neither its table nor
 * its history row), and the next `migration up` applies it completely.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withUrl } from '../../tasks/db/connect.js';
import { startProject, type DbProject } from './support/db-project.js';

const PROCESS_IO = fileURLToPath(new URL('../../cli/process-io.ts', import.meta.url));
/** The repository root, where `--import tsx` resolves. */
const REPO = fileURLToPath(new URL('../..', import.meta.url));

describe('migration up killed with -9', function () {
  this.timeout(120_000);
  let project: DbProject;

  before(async () => {
    project = await startProject({
      files: {
        'migrations/20240101000000_first.sql': 'create table public.first (id int);\n',
        'migrations/20240102000000_slow.sql': 'create table public.slow (id int);\ninsert into public.slow values (1);\nselect pg_sleep(4);\n',
      },
    });
    // Start with only the first migration applied.
    await withUrl(project.url, (client) => client.query('drop table if exists public.slow; drop table if exists public.first; truncate supabase_migrations.schema_migrations'));
    const first = await project.cli(['migration', 'repair', '--status', 'applied', '20240101000000', '--local']);
    assert.equal(first.code, 0, first.stderr);
  });
  after(async () => project?.dispose());

  it('leaves no half-applied migration, and the next run applies it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e',
      `const { runFromProcess } = await import(${JSON.stringify(PROCESS_IO)}); process.exitCode = await runFromProcess(process.argv.slice(1));`,
      '--', '--workdir', project.root, 'migration', 'up'], { cwd: REPO, env: { ...project.env, SUPABASE_DEBUG: '' }, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    // Wait until the child's migration is sleeping inside its transaction.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const sleeping = await withUrl(project.url, async (client) =>
        // The file may run alone or inside one batch with its neighbours: look for its sleep anywhere in the query.
        (await client.query("select count(*)::int as n from pg_stat_activity where query ~ 'select pg_sleep\\(4\\)' and state = 'active' and pid <> pg_backend_pid()")).rows[0].n as number);
      if (sleeping > 0) break;
      assert.ok(Date.now() < deadline, 'the migration never reached pg_sleep');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGKILL');
    assert.equal(await exited, 'SIGKILL');
    await withUrl(project.url, async (client) => {
      assert.equal((await client.query("select to_regclass('public.slow') as t")).rows[0].t, null);
      const rows = await client.query('select version from supabase_migrations.schema_migrations order by version');
      assert.deepEqual(rows.rows.map((row) => row.version), ['20240101000000']);
    });
    // The orphaned backend rolls back once its sleep ends and it finds the client gone.
    const again = await project.cli(['migration', 'up', '--local']);
    assert.equal(again.code, 0, again.stderr);
    await withUrl(project.url, async (client) => {
      assert.equal((await client.query('select count(*)::int as n from public.slow')).rows[0].n, 1);
      const rows = await client.query('select version from supabase_migrations.schema_migrations order by version');
      assert.deepEqual(rows.rows.map((row) => row.version), ['20240101000000', '20240102000000']);
    });
  });
});
