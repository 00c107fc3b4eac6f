/**
 * Secrets never leave in clear: the built CLI runs command lines that carry known secret values
 * (secrets set's NAME=VALUE arguments and --env-file, database URLs in every form, -p/--password,
 * SUPABASE_DB_PASSWORD, an access token, JWTs) with --debug and --create-ticket, plus one forced
 * crash report, and every stream and every file it could write is searched for those values.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeServer } from '../helpers/close-server.js';
import { runCliAsync, type CliResult } from '../helpers/run-cli.js';

const REF = 'abcdefghijklmnopqrst';
const TOKEN = `sbp_${'5e'.repeat(20)}`;
const ANON_JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.YW5vbi1zaWduYXR1cmUtdmFsdWU';
const SERVICE_JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2VydmljZS1zaWduYXR1cmU';

/** Each secret, by where it comes from; none of them may be found in any output. */
const SECRETS = {
  argument: 'sk_live_argument_4711',
  envFile: 'from-the-env-file-0815',
  rawAtPassword: 'p@ss@word',
  rawAtTail: 'ss@word',
  urlPassword: 'url-password-5521',
  keywordPassword: 'keyword-password-7788',
  dashP: 'dash-p-password-1234',
  dashPAttached: 'attached-password-9876',
  longPassword: 'long-flag-password-4455',
  envPassword: 'env-db-password-3131',
  crashPassword: 'cr@sh-pw',
  token: TOKEN,
  anonJwt: ANON_JWT,
  serviceJwt: SERVICE_JWT,
};

describe('secrets never leave in clear (--debug, tickets, crash reports, stderr)', function () {
  this.timeout(120_000);
  let root: string;
  let project: string;
  let tickets: string;
  let server: Server;
  let echoHost: string;
  const results: Array<{ args: string[]; result: CliResult }> = [];

  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'secrets-clear-'));
    project = path.join(root, 'project');
    tickets = path.join(root, 'tickets');
    mkdirSync(path.join(project, 'supabase', '.temp'), { recursive: true });
    writeFileSync(path.join(project, 'supabase', 'config.toml'), 'project_id = "secrets"\n');
    writeFileSync(path.join(project, 'supabase', '.temp', 'project-ref'), `${REF}\n`);
    writeFileSync(path.join(root, 'secrets.env'), `FROM_FILE=${SECRETS.envFile}\nSERVICE=${SERVICE_JWT}\n`);
    // A platform that refuses the request and quotes it back, as error bodies sometimes do.
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: `rejected ${body}` }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    echoHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    await closeServer(server);
    rmSync(root, { recursive: true, force: true });
  });

  /** Runs with --debug, and with --create-ticket unless `ticket` is false (an internal error then leaves a crash report). */
  const run = async (args: string[], env: NodeJS.ProcessEnv = {}, ticket = true) => {
    const result = await runCliAsync([...args, '--debug', ...(ticket ? ['--create-ticket'] : [])], {
      cwd: project,
      env: {
        HOME: path.join(root, 'home'),
        SUPABASE_TICKET_DIR: tickets,
        SUPABASE_ACCESS_TOKEN: TOKEN,
        SUPABASE_INTERNAL_API_HOST: echoHost,
        SUPABASE_DB_PASSWORD: '',
        // Lookups of the linked database's host fail here at once, whatever network there is.
        SUPABASE_INTERNAL_DOH_URL: 'http://127.0.0.1:9/dns-query',
        ...env,
      },
    });
    results.push({ args, result });
    return result;
  };

  it('runs each command line to a failure that leaves a ticket or a crash report', async () => {
    const linked = ['migration', 'list', '--linked', '--dns-resolver', 'https'];
    const runs: Array<[string[], NodeJS.ProcessEnv?]> = [
      [['secrets', 'set', `STRIPE=${SECRETS.argument}`, `ANON=${ANON_JWT}`, '--project-ref', REF]],
      [['secrets', 'set', '--env-file', path.join(root, 'secrets.env'), '--project-ref', REF]],
      [['migration', 'list', '--db-url', `postgresql://postgres:${SECRETS.rawAtPassword}@127.0.0.1:1/postgres`]],
      [['migration', 'list', '--db-url', `postgres://postgres:${SECRETS.urlPassword}@127.0.0.1:1/postgres`]],
      [['migration', 'list', '--db-url', `host=127.0.0.1 port=1 user=postgres password=${SECRETS.keywordPassword} dbname=postgres`]],
      [[...linked, '-p', SECRETS.dashP]],
      [[...linked, `-p${SECRETS.dashPAttached}`]],
      [[...linked, `--password=${SECRETS.longPassword}`]],
      [linked, { SUPABASE_DB_PASSWORD: SECRETS.envPassword }],
    ];
    for (const [args, env] of runs) {
      const result = await run(args, env);
      assert.equal(result.code, 1, `${args.join(' ')}\n${result.stderr}`);
      assert.match(result.stderr, /^Supabase CLI 1\.145\.4\ncommand: /, result.stderr);
    }
    // Forced crash: a Management API address that no URL parser takes, carrying a password.
    const crashEnv = { SUPABASE_INTERNAL_API_HOST: `http://admin:${SECRETS.crashPassword}@127.0.0.1:99999` };
    const crash = await run(['secrets', 'set', `STRIPE=${SECRETS.argument}`, '--project-ref', REF], crashEnv, false);
    assert.match(crash.stderr, /unexpected error: .*\nWrote a crash report to /, crash.stderr);
    const written = readdirSync(tickets);
    assert.equal(written.filter((name) => name.startsWith('ticket-')).length, runs.length, written.join('\n'));
    assert.equal(written.filter((name) => name.startsWith('crash-report-')).length, 1, written.join('\n'));
    // The platform's refusal, quoting the request, is what the user sees (with the values hidden).
    assert.match(results[0].result.stderr, /Unexpected error setting project secrets: .*rejected .*STRIPE/);
  });

  it('no secret is in any stream', () => {
    assert.ok(results.length > 0, 'the command lines ran');
    const leaks = results.flatMap(({ args, result }) => [
      ...leaksIn(result.stdout, `stdout of ${args[0]} ${args[1]}`),
      ...leaksIn(result.stderr, `stderr of ${args[0]} ${args[1]}`),
    ]);
    assert.deepEqual(leaks, []);
  });

  it('no secret is in any file the runs wrote (tickets, crash report, project, home)', () => {
    const files = allFiles(root).filter((file) => file !== path.join(root, 'secrets.env'));
    assert.ok(files.some((file) => file.startsWith(tickets)), files.join('\n'));
    const leaks = files.flatMap((file) => leaksIn(readFileSync(file, 'utf8'), path.relative(root, file).replace(/-[-\w]+\.json$/, '')));
    assert.deepEqual(leaks, []);
    // What remains says where a secret was.
    const ticket = readFileSync(path.join(tickets, readdirSync(tickets).sort()[0]), 'utf8');
    assert.match(ticket, /REDACTED/);
  });
});

/** `<secret> in <where>` for each secret found in `text`. */
function leaksIn(text: string, where: string): string[] {
  return Object.entries(SECRETS).filter(([, value]) => text.includes(value)).map(([name]) => `${name} in ${where}`);
}

function allFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? allFiles(file) : [file];
  });
}
