/**
 * `functions new` and `functions serve` on the native runtime, the CLI as a process against a real
 * PostgreSQL and real Deno (from the deno npm package): JWT checks and their precedence, the env the
 * functions get, import maps, reload on edit, a throwing function beside working ones, Ctrl-C, the
 * status line, and bad input.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCli, runMain } from '../helpers/run-cli.js';
import { startCli, type BackgroundCli } from '../helpers/background-cli.js';
import { freePort, nativeTestEnv, pgMetaPortEnv, removeDir, tempDir, withFreeServicePorts } from '../integration/support/temp-project.js';

const ANON = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const FILES: Record<string, string> = {
  'functions/import_map.json': '{ "imports": { "text/": "./_shared/" } }\n',
  'functions/_shared/upper.ts': 'export const upper = (text: string): string => text.toUpperCase();\n',
  'functions/env/index.ts': [
    "import { upper } from 'text/upper.ts';",
    'Deno.serve(() => Response.json({',
    "  greeting: upper(Deno.env.get('GREETING') ?? ''),",
    "  url: Deno.env.get('SUPABASE_URL'),",
    "  db: Deno.env.get('SUPABASE_DB_URL'),",
    "  anon: Deno.env.get('SUPABASE_ANON_KEY') !== undefined,",
    "  service: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') !== undefined,",
    "  home: Deno.env.get('HOME') ?? null,",
    "  secret: Deno.env.get('SUPABASE_INTERNAL_JWT_SECRET') ?? null,",
    '}));',
    '',
  ].join('\n'),
  'functions/boom/index.ts': "Deno.serve(() => { throw new Error('boom on purpose'); });\n",
  'functions/public/index.ts': "Deno.serve(() => new Response('public'));\n",
  'env.local': 'GREETING=hello from the env file\n',
  'bad.env': 'SUPABASE_OOPS=1\n',
};

/** Pids of Deno processes whose command line names this project (its import map). */
async function denoProcessesOf(root: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes('--no-config') && cmdline.includes(root)) pids.push(Number(entry));
  }
  return pids;
}

describe('functions serve on the native runtime (real Deno)', function () {
  this.timeout(180_000);
  let root: string;
  let env: NodeJS.ProcessEnv;
  let api = 0;
  let db = 0;
  let serving: BackgroundCli | undefined;
  const cli = (...args: string[]) => runCli(args, { cwd: root, env });
  const call = (slug: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${api}/functions/v1/${slug}`, { method: 'POST', ...init });
  const withAnon = { headers: { Authorization: `Bearer ${ANON}`, 'Content-Type': 'application/json' } };

  before(async () => {
    env = { ...(await nativeTestEnv()), ...(await pgMetaPortEnv()), SUPABASE_RUNTIME: 'native' };
    root = await tempDir('functions-serve');
    assert.equal(cli('init').code, 0);
    api = await freePort();
    db = await freePort();
    const configFile = path.join(root, 'supabase', 'config.toml');
    let text = await readFile(configFile, 'utf8');
    text = await withFreeServicePorts(text.replace(/^port = 54321$/m, `port = ${api}`).replace(/^port = 54322$/m, `port = ${db}`));
    await writeFile(configFile, `${text}\n[functions.public]\nverify_jwt = false\n`);
    for (const [relative, content] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(root, 'supabase', relative)), { recursive: true });
      await writeFile(path.join(root, 'supabase', relative), content);
    }
  });
  afterEach(async () => {
    await serving?.stop('SIGKILL');
    serving = undefined;
  });
  after(async () => {
    cli('stop', '--no-backup');
    await removeDir(root);
  });

  it('new writes the template with the project\'s API port and anon key', async () => {
    const result = cli('functions', 'new', 'hello');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'Created new Function at supabase/functions/hello\n');
    const source = await readFile(path.join(root, 'supabase/functions/hello/index.ts'), 'utf8');
    assert.match(source, new RegExp(`'http://127\\.0\\.0\\.1:${api}/functions/v1/hello'`));
    assert.ok(source.includes(`--header 'Authorization: Bearer ${ANON}'`));
    const again = cli('functions', 'new', 'hello');
    assert.equal(again.code, 1);
    assert.match(again.stderr, /^failed to create function entrypoint: open supabase\/functions\/hello\/index\.ts: file exists\n/);
    const bad = cli('functions', 'new', '9lives');
    assert.match(bad.stderr, /^Invalid Function name\. Must start with at least one letter/);
  });

  it('serve needs the database: one line while it is stopped', () => {
    const result = cli('functions', 'serve');
    assert.equal(result.code, 1);
    assert.equal(result.stderr.split('\n')[0], 'supabase start is not running.');
  });

  it('serves: 200 with the anon key, 401 without, env and import maps, reload on edit, a throwing function apart, Ctrl-C', async () => {
    const started = cli('start');
    assert.equal(started.code, 0, started.stderr);
    const began = Date.now();
    serving = startCli(['functions', 'serve', '--env-file', 'supabase/env.local'], { cwd: root, env });
    await serving.waitFor(/Serving functions on http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/<function-name>/);
    const hello = await call('hello', { ...withAnon, body: JSON.stringify({ name: 'Functions' }) });
    assert.equal(hello.status, 200);
    assert.deepEqual(await hello.json(), { message: 'Hello Functions!' });
    console.log(`      serve to first 200: ${Date.now() - began} ms`);
    const anonymous = await call('hello', { body: '{"name":"x"}' });
    assert.equal(anonymous.status, 401);
    assert.deepEqual(await anonymous.json(), { msg: 'Error: Missing authorization header' });
    const forged = await call('hello', { headers: { Authorization: 'Bearer not.a.jwt' }, body: '{}' });
    assert.deepEqual([forged.status, await forged.json()], [401, { msg: 'Invalid JWT' }]);
    assert.equal((await call('public')).status, 200, '[functions.public] verify_jwt = false');
    const health = await fetch(`http://127.0.0.1:${api}/functions/v1/_internal/health`);
    assert.deepEqual(await health.json(), { message: 'ok' });
    assert.equal((await call('missing', withAnon)).status, 404);

    const seen = await (await call('env', withAnon)).json();
    assert.deepEqual(seen, {
      greeting: 'HELLO FROM THE ENV FILE',
      url: `http://127.0.0.1:${api}`,
      db: `postgresql://postgres:postgres@127.0.0.1:${db}/postgres`,
      anon: true,
      service: true,
      home: null,
      secret: null,
    });

    const status = JSON.parse(cli('status', '-o', 'json').stdout) as Record<string, string>;
    assert.equal(status.FUNCTIONS_URL, `http://127.0.0.1:${api}/functions/v1`);

    const boom = await call('boom', withAnon);
    assert.equal(boom.status, 500);
    assert.equal((await call('hello', { ...withAnon, body: '{"name":"again"}' })).status, 200, 'the others keep working');

    const file = path.join(root, 'supabase/functions/hello/index.ts');
    await writeFile(file, (await readFile(file, 'utf8')).replace('Hello ${name}!', 'Howdy ${name}!'));
    let answer: unknown;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      answer = await (await call('hello', { ...withAnon, body: '{"name":"edit"}' })).json();
      if ((answer as { message: string }).message === 'Howdy edit!') break;
    }
    assert.deepEqual(answer, { message: 'Howdy edit!' }, 'the edit is served without restarting serve');

    assert.equal(await serving.stop('SIGINT'), 0);
    assert.match(serving.stdout(), /Stopped serving supabase\/functions\n$/);
    assert.match(serving.stderr(), /^Setting up Edge Functions runtime\.\.\.\n/);
    assert.match(serving.stderr(), /Error: boom on purpose/, 'the throwing function\'s error is in the logs');
    const after = JSON.parse(cli('status', '-o', 'json').stdout) as Record<string, string>;
    assert.equal(after.FUNCTIONS_URL, undefined, 'no functions URL once serve stopped');
  });

  it('--no-verify-jwt lets requests without a JWT through', async () => {
    serving = startCli(['functions', 'serve', '--no-verify-jwt'], { cwd: root, env });
    await serving.waitFor(/Serving functions on/);
    const answer = await call('hello', { body: JSON.stringify({ name: 'Functions' }) });
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { message: 'Howdy Functions!' });
    // kill -9 of serve leaves no function process behind: each ends when its stdin closes.
    assert.ok((await denoProcessesOf(root)).length > 0);
    await serving.stop('SIGKILL');
    for (const deadline = Date.now() + 5_000; (await denoProcessesOf(root)).length > 0 && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(await denoProcessesOf(root), []);
  });

  it('bad input is one clear line each', async () => {
    const envName = cli('functions', 'serve', '--env-file', 'supabase/bad.env');
    assert.equal(envName.code, 1);
    assert.equal(envName.stderr.split('\n')[0], 'Invalid env name: SUPABASE_OOPS. Env names cannot start with SUPABASE_.');
    // In-process: Node 20 itself stops a script whose arguments name a missing --env-file, before
    // the CLI runs (`node: nope.env: not found`, exit 9); Node 22 leaves script arguments alone.
    const missingEnv = await runMain(['functions', 'serve', '--env-file', 'nope.env'], { cwd: root, env });
    assert.match(missingEnv.stderr, /^Failed to read env file: .*nope\.env does not exist\n/);
    const directory = cli('functions', 'serve', '--import-map', 'supabase/functions');
    assert.match(directory.stderr, /^Importing directory is unsupported: .*supabase\/functions\n/);
    for (const result of [envName, missingEnv, directory]) assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
  });
});
