/**
 * The `--linked` database commands end to end. A second native PostgreSQL plays the hosted
 * project's database behind its pooler: the local Management API hands out a pooler connection
 * string on `*.pooler.supabase.com` with that server's port, a local DoH resolver maps the name to
 * 127.0.0.1 (`--dns-resolver https`), and the server is switched to TLS halfway to show the
 * commands encrypt when it is offered. The CLI runs as its own process (the built binary, as
 * `npm test` builds it), as users run it.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { withUrl } from '../../tasks/db/connect.js';
import { runCliAsync } from '../helpers/run-cli.js';
import { DohServer } from '../helpers/doh-server.js';
import { HostedProject, REF } from '../helpers/hosted-project.js';
import { startProject, type DbProject } from './support/db-project.js';

const POOLER_HOST = 'aws-0-eu-west-1.pooler.supabase.com';
const PASSWORD = 'p@ss word#1';
const ROLE = `postgres.${REF}`;

/** A migration that records whether the session applying it was encrypted. */
const TLS_PROBE = 'create table public.applied_over as select ssl from pg_stat_ssl where pid = pg_backend_pid();\n';

describe('--linked database commands', function () {
  this.timeout(240_000);
  const hosted = new HostedProject();
  const doh = new DohServer();
  let local: DbProject;
  let remote: DbProject;
  let env: NodeJS.ProcessEnv;
  let home: string;
  /** The remote server as its pooler user would reach it, for the test's own checks. */
  let remoteAsRole: string;

  const cli = (args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}) =>
    runCliAsync([...args, '--dns-resolver', 'https'], { cwd: local.root, input: options.input, env: { ...env, ...options.env } });
  const remoteVersions = () =>
    withUrl(remoteAsRole, async (client) => (await client.query<{ version: string }>('SELECT version FROM supabase_migrations.schema_migrations ORDER BY version')).rows.map((row) => row.version));

  before(async () => {
    [local, remote] = await Promise.all([
      startProject({ demo: true, files: { 'migrations/20240201000000_tls_probe.sql': TLS_PROBE, 'tests/linked_test.sql': 'begin;\nselect plan(1);\nselect has_table(\'public\', \'todos\', \'todos was pushed\');\nselect * from finish();\nrollback;\n' } }),
      startProject(),
    ]);
    // The pooler's user names the project; the stand-in server has that role.
    await withUrl(remote.url, (client) => client.query(`CREATE ROLE "${ROLE}" LOGIN SUPERUSER PASSWORD '${PASSWORD.replaceAll("'", "''")}'`));
    remoteAsRole = `postgresql://${encodeURIComponent(ROLE)}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${remote.port}/postgres`;
    hosted.settings.pooler.connection_string = `postgres://${ROLE}:[YOUR-PASSWORD]@${POOLER_HOST}:${remote.port}/postgres`;
    doh.records.set(`${POOLER_HOST} A`, ['127.0.0.1']);
    home = await mkdtemp(path.join(os.tmpdir(), 'linked-home-'));
    env = { ...local.env, ...(await hosted.start()), SUPABASE_INTERNAL_DOH_URL: await doh.start(), HOME: home, SUPABASE_DB_PASSWORD: '' };
  });
  after(async () => {
    await Promise.all([hosted.stop(), doh.stop(), local?.dispose(), remote?.dispose(), home && rm(home, { recursive: true, force: true })]);
  });
  afterEach(() => assert.deepEqual(hosted.api.violations, []));

  it('link with -p connects through the pooler and creates the migration history table', async () => {
    const result = await cli(['link', '--project-ref', REF, '-p', PASSWORD]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'Finished supabase link.\n');
    assert.match(result.stderr, /^Failed to save database password: /m, 'no keyring answers here');
    assert.equal(await readFile(path.join(local.root, 'supabase', '.temp', 'pooler-url'), 'utf8'), hosted.settings.pooler.connection_string);
    assert.deepEqual(await remoteVersions(), []);
    assert.ok(doh.questions.includes(`${POOLER_HOST} A`), 'the pooler host was resolved over DoH');
  });

  it('a wrong password is one line, exit 1, and leaves the link as it was', async () => {
    const result = await cli(['link', '--project-ref', REF, '-p', 'wrong']);
    assert.equal(result.code, 1);
    assert.match(result.stderr.split('\n')[0], new RegExp(`^failed to connect to postgres: password authentication failed for user "${ROLE.replace('.', '\\.')}"$`));
  });

  it('db push --linked applies the migrations; migration list --linked shows them on both sides', async () => {
    const push = await cli(['db', 'push'], { env: { SUPABASE_DB_PASSWORD: PASSWORD } });
    assert.equal(push.code, 0, push.stderr);
    assert.match(push.stderr, /^Connecting to remote database\.\.\.\n/);
    assert.equal(push.stdout, 'Finished supabase db push.\n');
    const pushed = ['20240101000000', '20240102000000', '20240103000000', '20240201000000'];
    assert.deepEqual(await remoteVersions(), pushed);
    // The password piped to the prompt, as a script would.
    const list = await cli(['migration', 'list', '--linked'], { input: PASSWORD });
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stderr, /^Enter your database password: \nConnecting to remote database\.\.\.\n/);
    for (const version of pushed) assert.match(list.stdout, new RegExp(`${version}\\s+\\| ${version}\\s+\\|`));
  });

  it('inspect db, db lint, test db and db dump reach the linked database', async () => {
    const withPassword = { env: { SUPABASE_DB_PASSWORD: PASSWORD } };
    const counts = await cli(['inspect', 'db', 'table-record-counts'], withPassword);
    assert.equal(counts.code, 0, counts.stderr);
    assert.match(counts.stdout, /todos/);
    const lint = await cli(['db', 'lint', '--linked'], withPassword);
    assert.equal(lint.code, 0, lint.stderr);
    const tests = await cli(['test', 'db', '--linked'], withPassword);
    assert.equal(tests.code, 0, tests.stderr + tests.stdout);
    assert.match(tests.stdout, /linked_test\.sql \.\. ok/);
    // pg_dump cannot use the tool's resolver: it gets the address found over DoH.
    const dump = await cli(['db', 'dump', '--linked', '-p', PASSWORD], withPassword);
    assert.equal(dump.code, 0, dump.stderr);
    assert.match(dump.stdout, /CREATE TABLE IF NOT EXISTS "public"\."todos"/);
  });

  it('encrypts the connection when the server offers TLS', async () => {
    await withUrl(remoteAsRole, async (client) => assert.equal((await client.query('select ssl from public.applied_over')).rows[0].ssl, false));
    await enableTls(remoteAsRole);
    await withUrl(remoteAsRole, (client) => client.query("DELETE FROM supabase_migrations.schema_migrations WHERE version = '20240201000000'; DROP TABLE public.applied_over"));
    const push = await cli(['db', 'push'], { env: { SUPABASE_DB_PASSWORD: PASSWORD } });
    assert.equal(push.code, 0, push.stderr);
    await withUrl(remoteAsRole, async (client) => assert.equal((await client.query('select ssl from public.applied_over')).rows[0].ssl, true));
  });

  it('db pull --linked records its repair of the history in migrations:linked:<ref>, as migration repair does', async () => {
    await withUrl(remoteAsRole, (client) => client.query('create table public.pulled_from_remote (id bigint primary key)'));
    const pull = await cli(['db', 'pull'], { env: { SUPABASE_DB_PASSWORD: PASSWORD } });
    assert.equal(pull.code, 0, pull.stderr);
    const version = /Repaired migration history: \[(\d{14})\] => applied/.exec(pull.stderr)?.[1];
    assert.ok(version, pull.stderr);
    assert.ok((await remoteVersions()).includes(version));
    const events = await cli(['events', '--stream', `migrations:linked:${REF}`, '-o', 'json']);
    assert.equal(events.code, 0, events.stderr);
    const recorded = (JSON.parse(events.stdout) as Array<{ type: string; data: { version?: string } }>).filter((event) => event.data.version === version);
    assert.deepEqual(recorded.map((event) => event.type).filter((type) => type !== 'OBSERVED'), ['MARK_APPLIED', 'ROW_INSERTED']);
  });
});

/** Turns TLS on in a running server with a fresh self-signed certificate (a reload is enough). */
async function enableTls(url: string): Promise<void> {
  const dataDir = await withUrl(url, async (client) => (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0].data_directory);
  const cert = path.join(dataDir, 'linked-test.crt');
  const key = path.join(dataDir, 'linked-test.key');
  await promisify(execFile)('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-subj', '/CN=localhost', '-days', '1']);
  const owner = await stat(dataDir);
  for (const file of [cert, key]) await chown(file, owner.uid, owner.gid);
  await chmod(key, 0o600);
  await withUrl(url, async (client) => {
    await client.query(`ALTER SYSTEM SET ssl_cert_file = '${cert}'`);
    await client.query(`ALTER SYSTEM SET ssl_key_file = '${key}'`);
    await client.query('ALTER SYSTEM SET ssl = on');
    await client.query('SELECT pg_reload_conf()');
  });
  // The reload is asynchronous: wait until new sessions see it.
  for (let tries = 0; tries < 50; tries++) {
    if ((await withUrl(url, (client) => client.query('SHOW ssl'))).rows[0].ssl === 'on') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('TLS did not come on');
}
