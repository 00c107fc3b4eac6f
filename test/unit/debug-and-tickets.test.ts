import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redact } from '../../cli/debug-log.js';
import { redactArgv } from '../../cli/ticket.js';
import { runCli, runMain } from '../helpers/run-cli.js';

const TOKEN = `sbp_${'a1'.repeat(20)}`;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl';

describe('secrets stay out of logs and tickets', () => {
  it('redacts tokens, JWTs, connection-string passwords and secret variables', () => {
    const line = redact(`token ${TOKEN} key ${JWT} url postgresql://postgres:hunter2@db:5432/postgres SUPABASE_DB_PASSWORD=hunter2`);
    for (const secret of [TOKEN, JWT, 'hunter2']) assert.ok(!line.includes(secret), line);
  });

  it('redacts the password in every form a connection string takes', () => {
    const forms = [
      'postgresql://postgres:hunter2@db:5432/postgres',
      'postgres://:hunter2@db/postgres',
      // Not percent-encoded: the password runs to the last @.
      'postgresql://postgres:p@ss@hunter2@db:5432/postgres',
      'postgresql://db/postgres?sslmode=require&password=hunter2&x=1',
      'host=db port=5432 user=postgres password=hunter2 dbname=postgres',
      "host=db password = 'hunter2 with spaces' dbname=postgres",
      'Password=hunter2',
      '{"host":"db","password":"hunter2"}',
      'PGPASSWORD=hunter2',
    ];
    for (const form of forms) {
      const line = redact(`connecting with ${form}`);
      assert.ok(!line.includes('hunter2'), line);
      assert.match(line, /REDACTED/);
    }
    assert.deepEqual(redactArgv(['db', 'dump', '--db-url', 'host=db password=hunter2']), ['db', 'dump', '--db-url', 'host=db password=[REDACTED]']);
    assert.deepEqual(redactArgv(['db', 'dump', '--db-url=host=db password=hunter2']), ['db', 'dump', '--db-url=host=db password=[REDACTED]']);
  });

  it('--create-ticket with a keyword/value --db-url keeps its password out of the ticket', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tickets-'));
    const dsn = 'host=127.0.0.1 port=1 user=postgres password=hunter2 dbname=postgres';
    const result = await runMain(['migration', 'list', '--db-url', dsn, '--create-ticket', '--debug'], { env: { SUPABASE_TICKET_DIR: folder } });
    assert.equal(result.code, 1);
    // The DSN was accepted (no parse error): the failure is the connection itself.
    assert.match(result.stderr, /failed to connect to postgres/);
    const [file] = readdirSync(folder);
    const ticket = readFileSync(join(folder, file), 'utf8');
    assert.ok(!ticket.includes('hunter2'), ticket);
    assert.ok(!result.stderr.includes('hunter2'), result.stderr);
  });

  it('redacts secret flag values on the command line', () => {
    assert.deepEqual(redactArgv(['link', '-p', 'hunter2', '--token=abc', '--password', 'x']), ['link', '-p', '[REDACTED]', '--token=[REDACTED]', '--password', '[REDACTED]']);
  });

  it('--create-ticket writes a private ticket with the error and the redacted debug log', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tickets-'));
    const result = await runMain(['projects', 'list', '--create-ticket', '--debug', '--workdir', `/tmp/${TOKEN}`], {
      env: { SUPABASE_TICKET_DIR: folder, HOME: folder },
    });
    assert.equal(result.code, 1);
    const [file] = readdirSync(folder);
    assert.ok(file, 'no ticket written');
    assert.ok(result.stderr.includes(join(folder, file)), result.stderr);
    assert.equal(statSync(join(folder, file)).mode & 0o777, 0o600);
    const ticket = JSON.parse(readFileSync(join(folder, file), 'utf8'));
    assert.equal(ticket.version, '1.145.4');
    assert.match(ticket.error.message, /^Access token not provided/);
    assert.ok(ticket.debugLog.length > 0);
    assert.ok(!JSON.stringify(ticket).includes(TOKEN));
    assert.ok(!result.stderr.includes(TOKEN));
  });

  it('a failure under --debug (flag or SUPABASE_DEBUG) does not suggest rerunning with --debug; other suggestions stay', () => {
    const home = mkdtempSync(join(tmpdir(), 'debug-hint-'));
    const hint = 'Try rerunning the command with --debug to troubleshoot the error.';
    const env = { HOME: home, SUPABASE_ACCESS_TOKEN: '' };
    const plain = runCli(['projects', 'list'], { env });
    assert.equal(plain.code, 1);
    assert.equal(plain.stderr.split('\n').at(-2), hint);
    for (const run of [runCli(['projects', 'list', '--debug'], { env }), runCli(['projects', 'list'], { env: { ...env, SUPABASE_DEBUG: '1' } })]) {
      assert.equal(run.code, 1);
      assert.match(run.stderr, /^Supabase CLI 1\.145\.4\n/);
      assert.match(run.stderr, /Access token not provided/);
      assert.ok(!run.stderr.includes('rerunning the command with --debug'), run.stderr);
    }
    const usage = runCli(['start', '--debug', '--bogus'], { env });
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /Try "supabase start --help" for usage\.\n$/);
    rmSync(home, { recursive: true, force: true });
  });

  it('--debug starts with the version line and logs to stderr only', async () => {
    const result = await runMain(['projects', 'list', '--debug']);
    assert.match(result.stderr, /^Supabase CLI 1\.145\.4\n/);
    assert.equal(result.stdout, '');
  });
});
