/**
 * db reset and the sessions it meets. The race found from outside (issue #31): a `db reset` killed
 * during its CREATE DATABASE leaves the server backend running that statement (it sends nothing to
 * its client until it is done, so it never learns that the client died), and the statement then
 * commits. The next reset must end that backend and wait it out before it creates the database,
 * or its own CREATE waits on the orphan's uncommitted row and fails with a duplicate key. The
 * orphan is held with SIGSTOP so the race happens every time, and let go a moment after the next
 * reset began: only the reset's pg_terminate_backend may end it (let go without that, it would
 * commit). Beside it: which sessions count as a dead command's (named supabase_cli/<pid>, the
 * process gone or the pid taken by a later one) and which are left alone, and a database that
 * someone else's session creates meanwhile.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { MIGRATIONS, cliProject, databaseState, unsettled, type CliProject } from './support/cli-project.js';

/** An active CREATE DATABASE postgres that has inserted its pg_database row (it has a transaction id). */
const CREATING = `select pid from pg_stat_activity
  where state = 'active' and query ~* '^CREATE DATABASE "?postgres"? ' and backend_xid is not null and pid <> pg_backend_pid()`;

/** A client on template1, which no reset drops (the tests' own look at the server), named `name` if given. */
async function watcher(project: CliProject, name?: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: project.url.replace(/\/postgres$/, '/template1'), connectionTimeoutMillis: 5_000, application_name: name });
  await client.connect();
  return client;
}

/** Runs `db reset` and holds its backend with SIGSTOP while that backend creates the database; null when the CREATE was too quick to catch. */
async function holdCreate(project: CliProject, client: pg.Client): Promise<{ backend: number } | null> {
  const child = project.spawn(['db', 'reset']);
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  let done = false;
  void exited.then(() => { done = true; });
  let backend: number | undefined;
  while (!done && backend === undefined) backend = (await client.query<{ pid: number }>(CREATING)).rows[0]?.pid;
  if (backend === undefined) return null;
  process.kill(backend, 'SIGSTOP');
  // Caught too late (the statement had finished between the look and the stop): let it go.
  const still = await client.query('select 1 from pg_stat_activity where pid = $1 and state = \'active\' and backend_xid is not null', [backend]);
  if (still.rowCount === 0) {
    process.kill(backend, 'SIGCONT');
    await exited;
    return null;
  }
  child.kill('SIGKILL');
  assert.equal(await exited, 'SIGKILL');
  return { backend };
}

describe('db reset ends the sessions dead commands left, and only those', function () {
  this.timeout(5 * 60_000);
  let project: CliProject;
  let client: pg.Client | undefined;

  before(async () => {
    project = await cliProject('reset-orphan');
    const start = project.run(['start']);
    assert.equal(start.code, 0, start.stderr);
    client = await watcher(project);
  });
  after(async () => {
    await client?.end().catch(() => undefined);
    project?.dispose();
  });

  it('the next reset terminates the held orphan, waits it out and succeeds', async () => {
    let held: { backend: number } | null = null;
    for (let attempt = 0; attempt < 8 && !held; attempt++) held = await holdCreate(project, client!);
    assert.ok(held, 'never caught the reset inside its CREATE DATABASE');
    const { backend } = held;
    try {
      const next = project.spawn(['db', 'reset']);
      let stderr = '';
      next.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
      const code = new Promise<number | null>((resolve) => next.once('exit', (exit) => resolve(exit)));
      // Long enough for the next reset to reach its own CREATE (the race) before the orphan may move.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      process.kill(backend, 'SIGCONT');
      assert.equal(await code, 0, `the next db reset failed: ${stderr}`);
    } finally {
      try {
        process.kill(backend, 'SIGCONT');
      } catch {
        // Gone already.
      }
    }
    const orphan = await client!.query('select 1 from pg_stat_activity where pid = $1', [backend]);
    assert.equal(orphan.rowCount, 0, 'the orphan backend is still there');
    const state = await databaseState(project.url);
    assert.deepEqual(state.history, MIGRATIONS.map((migration) => migration.version));
    assert.ok(state.seeded, 'the seed row is missing');
    assert.deepEqual(unsettled(project.root), []);
    const status = project.run(['status']);
    assert.equal(status.code, 0, status.stderr);
  });

  it('ends the sessions of a dead command, never those of a command that still runs', async () => {
    // This test process stands for a command that runs; a process that has exited for one that died.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const live = await watcher(project, `supabase_cli/${process.pid}`);
    const orphan = await watcher(project, `supabase_cli/${dead}`);
    live.on('error', () => undefined);
    orphan.on('error', () => undefined);
    const orphanPid = (orphan as pg.Client & { processID: number }).processID;
    try {
      const reset = project.run(['db', 'reset']);
      assert.equal(reset.code, 0, reset.stderr);
      assert.equal((await live.query('select 1 as one')).rows[0].one, 1);
      assert.equal((await client!.query('select 1 from pg_stat_activity where pid = $1', [orphanPid])).rowCount, 0, 'the dead command\'s session is still there');
    } finally {
      await live.end().catch(() => undefined);
      await orphan.end().catch(() => undefined);
    }
  });

  it('ends a dead command\'s session whose pid a later process has taken', async () => {
    const orphan = await watcher(project, 'not yet named');
    orphan.on('error', () => undefined);
    const orphanPid = (orphan as pg.Client & { processID: number }).processID;
    // A process that starts after the session: it holds the pid the session names, as a new
    // process holds the pid of a dead command once the system has reused it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const later = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      await orphan.query(`set application_name = 'supabase_cli/${later.pid}'`);
      const reset = project.run(['db', 'reset']);
      assert.equal(reset.code, 0, reset.stderr);
      assert.equal((await client!.query('select 1 from pg_stat_activity where pid = $1', [orphanPid])).rowCount, 0, 'the session of the pid\'s earlier owner is still there');
    } finally {
      later.kill('SIGKILL');
      await orphan.end().catch(() => undefined);
    }
  });

  it('drops and creates again a database that a session not of this tool created meanwhile', async () => {
    // The template database is made by a first reset (a start copies a data folder instead).
    const first = project.run(['db', 'reset']);
    assert.equal(first.code, 0, first.stderr);
    const foreign = await watcher(project, 'psql');
    foreign.on('error', () => undefined);
    let held: number | undefined;
    try {
      // Someone else's CREATE DATABASE postgres, held after it took the name; the reset that
      // follows sees no database to drop and ends no session of someone else.
      for (let attempt = 0; attempt < 8 && held === undefined; attempt++) {
        await client!.query('drop database if exists postgres with (force)');
        let settled = false;
        const creating = foreign.query('create database postgres template supabase_template').catch(() => undefined).finally(() => { settled = true; });
        const backend = (foreign as pg.Client & { processID: number }).processID;
        while (held === undefined && !settled) {
          if ((await client!.query('select 1 from pg_stat_activity where pid = $1 and backend_xid is not null and state = \'active\'', [backend])).rowCount) {
            process.kill(backend, 'SIGSTOP');
            const still = await client!.query('select 1 from pg_stat_activity where pid = $1 and state = \'active\'', [backend]);
            if (still.rowCount) held = backend;
            else process.kill(backend, 'SIGCONT');
          }
        }
        if (held === undefined) await creating;
      }
      assert.ok(held !== undefined, 'never caught the CREATE DATABASE running');
      const reset = project.spawn(['db', 'reset']);
      let stderr = '';
      reset.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
      const code = new Promise<number | null>((resolve) => reset.once('exit', (exit) => resolve(exit)));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      process.kill(held, 'SIGCONT');
      assert.equal(await code, 0, `db reset failed: ${stderr}`);
    } finally {
      if (held !== undefined) process.kill(held, 'SIGCONT');
      await foreign.end().catch(() => undefined);
    }
    const state = await databaseState(project.url);
    assert.deepEqual(state.history, MIGRATIONS.map((migration) => migration.version));
    assert.ok(state.seeded, 'the seed row is missing');
  });
});
