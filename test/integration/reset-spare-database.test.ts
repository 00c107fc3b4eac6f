/**
 * A local `db reset` takes a spare copy of the template database made in the background after
 * the reset before, instead of copying the template while the user waits, and sets the old
 * database aside for that background process to drop. Checked on a native stack: the spare
 * appears after a reset (its relation cache built, closed to connections, marked with the
 * template's digest) and what was
 * set aside goes; the next reset's database is that very copy, open and unmarked, migrated and
 * seeded; a spare of an older template is dropped rather than used; two refills at once make one.
 */
import assert from 'node:assert/strict';
import pg from 'pg';
import { MIGRATIONS, cliProject, databaseState, unsettled, type CliProject } from './support/cli-project.js';
import { SPARE_DATABASE, refillSpare } from '../../tasks/db/spare-database.js';
import { TEMPLATE_DATABASE } from '../../tasks/db/template-database.js';

interface DatabaseRow {
  datname: string;
  oid: number;
  datallowconn: boolean;
  comment: string | null;
}

describe('db reset takes the spare copy of the template a background process made', function () {
  this.timeout(5 * 60_000);
  let project: CliProject;
  let client: pg.Client;
  const adminUrl = () => project.url.replace(/\/postgres$/, '/template1');

  async function databases(): Promise<Map<string, DatabaseRow>> {
    const { rows } = await client.query<DatabaseRow>(`select datname, oid::int as oid, datallowconn, shobj_description(oid, 'pg_database') as comment from pg_database`);
    return new Map(rows.map((row) => [row.datname, row]));
  }

  async function until(what: string, done: (found: Map<string, DatabaseRow>) => boolean): Promise<Map<string, DatabaseRow>> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const found = await databases();
      if (done(found)) return found;
      assert.ok(Date.now() < deadline, `timed out waiting for ${what}: ${[...found.keys()].join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const setAside = (found: Map<string, DatabaseRow>) => [...found.keys()].filter((name) => name.startsWith(`${TEMPLATE_DATABASE}_old_`));

  function reset(): void {
    const result = project.run(['db', 'reset']);
    assert.equal(result.code, 0, result.stderr);
  }

  before(async () => {
    project = await cliProject('reset-spare');
    const start = project.run(['start']);
    assert.equal(start.code, 0, start.stderr);
    client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
  });
  after(async () => {
    await client?.end().catch(() => undefined);
    project?.dispose();
  });

  it('after a reset, a spare appears, closed to connections and marked with the template\'s digest, and the old database goes', async () => {
    reset();
    const found = await until('the spare and the old database dropped', (now) => now.has(SPARE_DATABASE) && setAside(now).length === 0);
    const spare = found.get(SPARE_DATABASE)!;
    assert.equal(spare.datallowconn, false);
    assert.equal(spare.comment, found.get(TEMPLATE_DATABASE)!.comment);
    assert.ok(spare.comment && spare.comment.length > 0);
    // Entered once before it was closed: its relation cache is built and kept in its folder, so the
    // reset's first session on it does not build it again.
    const { rows } = await client.query<{ size: string | null }>(`select (pg_stat_file('base/' || oid || '/pg_internal.init', true)).size from pg_database where datname = $1`, [SPARE_DATABASE]);
    assert.ok(Number(rows[0].size) > 0, 'the spare has no relation cache file');
  });

  it('the next reset renames the spare into place: that copy, open to connections, unmarked, migrated and seeded', async () => {
    const spareOid = (await until('the spare', (now) => now.has(SPARE_DATABASE))).get(SPARE_DATABASE)!.oid;
    reset();
    const postgres = (await databases()).get('postgres')!;
    assert.equal(postgres.oid, spareOid, 'the database is not the spare');
    assert.equal(postgres.datallowconn, true);
    assert.equal(postgres.comment, null);
    const state = await databaseState(project.url);
    assert.deepEqual(state.history, MIGRATIONS.map((migration) => migration.version));
    assert.ok(state.seeded, 'the seed row is missing');
    assert.deepEqual(unsettled(project.root), []);
  });

  it('drops a spare made from an older template instead of using it, and makes a current one', async () => {
    const staleOid = (await until('the spare', (now) => now.has(SPARE_DATABASE))).get(SPARE_DATABASE)!.oid;
    await client.query(`comment on database ${SPARE_DATABASE} is 'an older bootstrap'`);
    reset();
    assert.notEqual((await databases()).get('postgres')!.oid, staleOid, 'the stale spare was used');
    const found = await until('a current spare', (now) => now.has(SPARE_DATABASE) && now.get(SPARE_DATABASE)!.oid !== staleOid && setAside(now).length === 0);
    assert.equal(found.get(SPARE_DATABASE)!.comment, found.get(TEMPLATE_DATABASE)!.comment);
  });

  it('two refills at once make one spare and leave nothing half made', async () => {
    await until('the spare', (now) => now.has(SPARE_DATABASE));
    await client.query(`alter database ${SPARE_DATABASE} with allow_connections true`);
    await client.query(`drop database ${SPARE_DATABASE}`);
    await Promise.all([refillSpare(adminUrl()), refillSpare(adminUrl())]);
    const names = [...(await databases()).keys()].filter((name) => name.startsWith(SPARE_DATABASE));
    assert.deepEqual(names, [SPARE_DATABASE]);
  });
});
