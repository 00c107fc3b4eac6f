/**
 * The API gateway as part of the native stack, through the built CLI: `start` runs it on the API
 * port (recorded as kong, with REST inside it), it answers as Kong does (404,
 * CORS preflight, key checks, 503s naming what is not there), its secrets stay off its command line
 * and environment, `status` names it with its log once killed and `start` starts it again, `stop`
 * ends it, and `-x kong` / `-x postgrest` leave it or REST out.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { parse as parseToml } from 'smol-toml';
import { portAnswers } from '../../tasks/net/port-answers.js';
import { gatewayFiles, gatewayStatus } from '../../tasks/api/gateway/gateway-process.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';

interface Config {
  project_id: string;
  api: { port: number };
  auth?: { jwt_secret?: string };
}

type JournalEvent = { stream: string; type: string; data: { service?: string; detail?: string } };

const ANON = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/**
 * A GET on a new connection: fetch would reuse one it kept open to a gateway since stopped or
 * killed, and fail with `other side closed`.
 */
function freshGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent: false, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

describe('the API gateway in the native stack, through the CLI', function () {
  this.timeout(180_000);
  let project: CliProject;
  let config: Config;
  let base: string;

  const lastStackEvents = (): JournalEvent[] =>
    readFileSync(path.join(project.root, 'supabase', '.temp', 'events.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as JournalEvent)
      .filter((event) => event.stream === 'stack');

  before(async () => {
    project = await cliProject('gateway-stack');
    config = parseToml(readFileSync(path.join(project.root, 'supabase', 'config.toml'), 'utf8')) as unknown as Config;
    base = `http://127.0.0.1:${config.api.port}`;
  });
  after(() => project?.dispose());

  it('start runs it on the API port, recorded healthy as kong, and says so', async () => {
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    assert.match(started.stderr, new RegExp(`^Kong: API gateway at http://127\\.0\\.0\\.1:${config.api.port}`, 'm'));
    assert.doesNotMatch(/^Not available.*$/m.exec(started.stderr)?.[0] ?? '', /\bkong\b/);
    const healthy = lastStackEvents().filter((event) => event.type === 'SERVICE_HEALTHY').map((event) => event.data.service);
    assert.ok(healthy.includes('kong'), healthy.join(', '));
    assert.ok(healthy.includes('rest'), healthy.join(', '));
    assert.ok(healthy.includes('auth'), healthy.join(', '));
    const { pid } = await gatewayStatus(config.project_id, project.env);
    assert.match(readFileSync(`/proc/${pid}/cmdline`, 'utf8'), /\/dist\/tasks\/api\/gateway\/api-gateway-main\.cjs\0/);
  });

  it('keeps the secrets off its command line and environment, in a settings file of mode 0600', async () => {
    const { pid } = await gatewayStatus(config.project_id, project.env);
    const secret = 'super-secret-jwt-token-with-at-least-32-characters-long';
    for (const file of ['cmdline', 'environ']) assert.doesNotMatch(readFileSync(`/proc/${pid}/${file}`, 'utf8'), new RegExp(`${secret}|${ANON}`), file);
    const { settingsFile, logFile } = gatewayFiles(config.project_id, project.env);
    assert.equal(statSync(settingsFile).mode & 0o777, 0o600);
    assert.doesNotMatch(readFileSync(logFile, 'utf8'), new RegExp(`${secret}|${ANON}`));
  });

  it('holds one database session for Realtime after start: its clean-up of a previous run takes one connection, not two', async () => {
    // Each session is a server process of its own; the pool keeps an opened one idle for 30 s.
    const client = new pg.Client({ connectionString: project.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>("select count(*)::int as count from pg_stat_activity where application_name = 'realtime_subscription_manager'");
      assert.ok(rows[0].count <= 1, `${rows[0].count} realtime_subscription_manager sessions`);
    } finally {
      await client.end();
    }
  });

  it('answers as Kong: 404 for no route, CORS preflights, 401 without a key, REST, Auth and Storage with the anon key, 503 naming analytics', async () => {
    const none = await fetch(`${base}/nothing`);
    assert.equal(none.status, 404);
    assert.deepEqual(await none.json(), { message: 'no Route matched with those values' });
    const preflight = await fetch(`${base}/rest/v1/one`, { method: 'OPTIONS', headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'apikey' } });
    assert.equal(preflight.status, 200);
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'apikey');
    const missing = await fetch(`${base}/rest/v1/one`);
    assert.equal(missing.status, 401);
    assert.deepEqual(await missing.json(), { message: 'No API key found in request' });
    const wrong = await fetch(`${base}/rest/v1/one`, { headers: { apikey: 'nope' } });
    assert.deepEqual([wrong.status, await wrong.json()], [401, { message: 'Invalid API key' }]);
    const rows = await fetch(`${base}/rest/v1/one?select=id`, { headers: { apikey: ANON, origin: 'http://localhost:3000' } });
    assert.equal(rows.status, 200);
    assert.equal(rows.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(await rows.json(), [{ id: 1 }]);
    const auth = await fetch(`${base}/auth/v1/health`, { headers: { apikey: ANON } });
    assert.equal(auth.status, 200);
    assert.equal(((await auth.json()) as { name: string }).name, 'GoTrue');
    const storage = await fetch(`${base}/storage/v1/bucket`, { headers: { apikey: ANON, authorization: `Bearer ${ANON}` } });
    assert.deepEqual([storage.status, await storage.json()], [200, []]);
    // Analytics exists only as a container image.
    const analytics = await fetch(`${base}/analytics/v1/api/logs`, { headers: { apikey: ANON } });
    assert.equal(analytics.status, 503);
    assert.match(((await analytics.json()) as { message: string }).message, /^analytics is not available on the native runtime \(it runs only as a container image\)/);
    const functions = await fetch(`${base}/functions/v1/hello`);
    assert.equal(functions.status, 503);
  });

  it('status names it with its log once its process died, and start starts it again', async () => {
    const { pid } = await gatewayStatus(config.project_id, project.env);
    process.kill(pid!, 'SIGKILL');
    for (let tries = 0; tries < 250 && (await gatewayStatus(config.project_id, project.env)).state !== 'stopped'; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    const status = project.run(['status']);
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stderr, /^Exited: kong \(its log: .*\/api-gateway\.log\)\. Run supabase start to start it again\.$/m);
    assert.doesNotMatch(status.stdout, /API URL/);
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    assert.match(started.stderr, /^Started again what had exited: kong\b/m);
    assert.equal((await freshGet(`${base}/nothing`)).status, 404);
  });

  it('status shows the API and GraphQL URLs while REST is served, and -o env renames them', () => {
    const pretty = project.run(['status']);
    assert.match(pretty.stdout, new RegExp(`^ {9}API URL: ${base}$`, 'm'));
    assert.match(pretty.stdout, new RegExp(`^ {5}GraphQL URL: ${base}/graphql/v1$`, 'm'));
    const env = project.run(['status', '-o', 'env', '--override-name', 'api.url=NEXT_PUBLIC_SUPABASE_URL']).stdout;
    assert.match(env, new RegExp(`^NEXT_PUBLIC_SUPABASE_URL="${base}"$`, 'm'));
    assert.match(env, /^ANON_KEY="eyJ/m);
  });

  it('stop ends it: the API port no longer answers', async () => {
    const stopped = project.run(['stop']);
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.equal(await portAnswers('127.0.0.1', config.api.port), false);
    assert.equal((await gatewayStatus(config.project_id, project.env)).state, 'stopped');
  });

  it('-x postgrest keeps the gateway and answers REST with a 503 saying it was left out', async () => {
    const started = project.run(['start', '-x', 'postgrest']);
    assert.equal(started.code, 0, started.stderr);
    assert.doesNotMatch(started.stdout, /API URL|GraphQL URL/);
    const rest = await freshGet(`${base}/rest/v1/one`, { apikey: ANON });
    assert.equal(rest.status, 503);
    assert.match((JSON.parse(rest.body) as { message: string }).message, /^rest is not running: it was left out with supabase start -x postgrest/);
    assert.equal(project.run(['stop']).code, 0);
  });

  it('-x gotrue keeps the gateway and answers Auth with a 503 saying it was left out', async () => {
    const started = project.run(['start', '-x', 'gotrue']);
    assert.equal(started.code, 0, started.stderr);
    const auth = await freshGet(`${base}/auth/v1/health`, { apikey: ANON });
    assert.equal(auth.status, 503);
    assert.match((JSON.parse(auth.body) as { message: string }).message, /^auth is not running: it was left out with supabase start -x gotrue/);
    assert.equal(project.run(['stop']).code, 0);
  });

  it('-x kong runs no gateway: the API port stays free and what it serves is recorded left out with it', async () => {
    const started = project.run(['start', '-x', 'kong']);
    assert.equal(started.code, 0, started.stderr);
    assert.match(started.stderr, /^Excluded: .*\bkong\b/m);
    assert.equal(await portAnswers('127.0.0.1', config.api.port), false);
    const rest = lastStackEvents().filter((event) => event.data.service === 'rest').at(-1);
    assert.deepEqual([rest?.type, rest?.data.detail], ['SERVICE_EXCLUDED', 'excluded with kong, which serves it on the native runtime']);
  });
});
