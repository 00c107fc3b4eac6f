/**
 * Ctrl-C (SIGINT) and SIGTERM while a command changes the project: the running statement is ended
 * at once (its transaction rolls back), the journal records the interruption with its signal, the
 * terminal shows one line, the process ends by the signal (a shell sees 128 + its number), and the
 * next command reconciles. Real CLI processes and a real native database; the signal is sent while a slow
 * migration is inside its transaction.
 */
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { MIGRATIONS, cliProject, databaseState, unsettled, type CliProject } from './support/cli-project.js';

const SLOW = { version: '20240109000000', file: '20240109000000_slow.sql' };

/** Sessions sleeping in a migration, seen from template1 (the reset drops and recreates `postgres`). */
async function sleepingBackends(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url.replace(/\/postgres$/, '/template1') });
  await client.connect();
  try {
    // A migration file runs alone or as one batch with BEGIN and its history row: find its sleep anywhere in the query.
    return (await client.query("select count(*)::int as n from pg_stat_activity where query ~ 'select pg_sleep\\(' and state = 'active' and pid <> pg_backend_pid()")).rows[0].n as number;
  } finally {
    await client.end();
  }
}

describe('Ctrl-C and SIGTERM: cancelled cleanly, recorded, one line, reconciled next', function () {
  this.timeout(180_000);
  let project: CliProject;

  before(async () => {
    project = await cliProject('interrupt');
    assert.equal(project.run(['start']).code, 0);
  });
  after(() => project?.dispose());

  /** Runs `args` until the slow migration sleeps inside its transaction, then sends `signal`. */
  async function interrupt(args: string[], signal: NodeJS.Signals): Promise<{ ended: NodeJS.Signals | number | null; stderr: string; stillSleeping: number }> {
    writeFileSync(path.join(project.root, 'supabase', 'migrations', SLOW.file), 'create table public.slow (id int);\nselect pg_sleep(30);\n');
    const child = project.spawn(args);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, ended) => resolve(ended ?? code)));
    for (const deadline = Date.now() + 60_000; (await sleepingBackends(project.url)) === 0; ) {
      assert.ok(Date.now() < deadline, `the slow migration never started: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill(signal);
    const ended = await exit;
    return { ended, stderr, stillSleeping: await sleepingBackends(project.url) };
  }

  it('SIGINT during db reset: ended by SIGINT, one line, the statement ended, the next command finishes the reset', async () => {
    const run = await interrupt(['db', 'reset'], 'SIGINT');
    assert.equal(run.ended, 'SIGINT', run.stderr);
    const lines = run.stderr.trimEnd().split('\n');
    assert.equal(lines.at(-1), `Interrupted by SIGINT: supabase db reset stopped at "apply ${SLOW.file}"; the next supabase command finishes the reset.`);
    assert.doesNotMatch(run.stderr, /unexpected error|failed to|at .*\.js:\d+/);
    assert.equal(run.stillSleeping, 0, 'the interrupted statement is still running');
    const events = JournalStore.forProject(project.root).read().events;
    assert.ok(events.some((event) => event.type === 'INTERRUPTED' && event.data.signal === 'SIGINT'), 'no INTERRUPTED event with the signal');

    // The user's next command, whatever it is, finishes the reset first and says so in one line.
    writeFileSync(path.join(project.root, 'supabase', 'migrations', SLOW.file), 'create table public.slow (id int);\n');
    const next = project.run(['migration', 'list', '--local']);
    assert.equal(next.code, 0, next.stderr);
    assert.match(next.stderr, new RegExp(`^Finished the supabase db reset that was interrupted at "apply ${SLOW.file}"; the local database is recreated, migrated and seeded\\.$`, 'm'));
    assert.deepEqual((await databaseState(project.url)).history, [...MIGRATIONS.map((migration) => migration.version), SLOW.version]);
    assert.deepEqual(unsettled(project.root), []);
  });

  it('SIGTERM during migration up: ended by SIGTERM, the migration rolled back, the next migration up applies it', async () => {
    project.writeMigrations();
    assert.equal(project.run(['db', 'reset']).code, 0);
    const run = await interrupt(['migration', 'up'], 'SIGTERM');
    assert.equal(run.ended, 'SIGTERM', run.stderr);
    assert.match(run.stderr.trimEnd().split('\n').at(-1)!, /^Interrupted by SIGTERM: supabase migration up stopped at "apply 20240109000000_slow\.sql"; the next supabase command makes sure the unfinished migration is rolled back\.$/);
    const state = await databaseState(project.url);
    assert.ok(!state.tables.includes('slow') && !state.history.includes(SLOW.version), 'the interrupted migration left something behind');

    writeFileSync(path.join(project.root, 'supabase', 'migrations', SLOW.file), 'create table public.slow (id int);\n');
    const next = project.run(['migration', 'up']);
    assert.equal(next.code, 0, next.stderr);
    assert.match(next.stderr, /^Rolled back the supabase migration up that was interrupted at "apply 20240109000000_slow\.sql"; run supabase migration up again to apply what is left\.$/m);
    assert.ok((await databaseState(project.url)).history.includes(SLOW.version));
  });
  it('SIGINT during db reset of a project without a seed: the next command does not say it seeded', async () => {
    project.writeMigrations();
    const seed = path.join(project.root, 'supabase', 'seed.sql');
    rmSync(seed);
    try {
      const run = await interrupt(['db', 'reset'], 'SIGINT');
      assert.equal(run.ended, 'SIGINT', run.stderr);
      writeFileSync(path.join(project.root, 'supabase', 'migrations', SLOW.file), 'create table public.slow (id int);\n');
      const next = project.run(['migration', 'list', '--local']);
      assert.equal(next.code, 0, next.stderr);
      assert.match(next.stderr, new RegExp(`^Finished the supabase db reset that was interrupted at "apply ${SLOW.file}"; the local database is recreated, migrated; there is no supabase/seed\\.sql to seed it with\\.$`, 'm'));
    } finally {
      writeFileSync(seed, 'insert into public.one values (1);\n');
    }
  });

  it('SIGTERM during migration up after one of its migrations committed: only the unfinished one is said rolled back', async () => {
    project.writeMigrations();
    assert.equal(project.run(['db', 'reset']).code, 0);
    writeFileSync(path.join(project.root, 'supabase', 'migrations', '20240108000000_fast.sql'), 'create table public.fast (id int);\n');
    const run = await interrupt(['migration', 'up'], 'SIGTERM');
    assert.equal(run.ended, 'SIGTERM', run.stderr);
    writeFileSync(path.join(project.root, 'supabase', 'migrations', SLOW.file), 'create table public.slow (id int);\n');
    const next = project.run(['migration', 'up']);
    assert.equal(next.code, 0, next.stderr);
    assert.match(
      next.stderr,
      /^Rolled back the unfinished migration of the supabase migration up that was interrupted at "apply 20240109000000_slow\.sql"; the migration it had applied before stays applied; run supabase migration up again to apply what is left\.$/m,
    );
    const { history } = await databaseState(project.url);
    assert.ok(history.includes('20240108000000') && history.includes(SLOW.version), history.join(' '));
  });
});
