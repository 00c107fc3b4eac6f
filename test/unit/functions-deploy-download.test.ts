/**
 * `functions deploy`, `download`, `list` and `delete` against the local Management API that follows
 * management-api.yaml: the EZBR + brotli eszip body and its query, create-or-update, retries, the
 * round trip back to the original source files, and the original's messages.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { initProject } from '../../tasks/project/init-project.js';
import { removeDir, tempDir } from '../integration/support/temp-project.js';
import { ManagementApiServer, type HandledRequest } from '../helpers/management-api-server.js';
import { runMain } from '../helpers/run-cli.js';

const REF = 'abcdefghijklmnopqrst';
const TOKEN = `sbp_${'a'.repeat(40)}`;

const FILES: Record<string, string> = {
  'functions/hello/index.ts': [
    "import { greet } from '../_shared/greet.ts';",
    "import { shout } from 'shout';",
    '',
    'interface Payload { name: string }',
    'Deno.serve(async (req: Request) => {',
    '  const { name }: Payload = await req.json();',
    '  return Response.json({ message: shout(greet(name)) });',
    '});',
    '',
  ].join('\n'),
  'functions/_shared/greet.ts': 'export const greet = (name: string): string => `Hello ${name}!`;\n',
  'functions/import_map.json': '{ "imports": { "shout": "./_shared/shout.js" } }\n',
  'functions/_shared/shout.js': 'export function shout(text) {\n  return text;\n}\n',
  'functions/webhook/index.ts': 'Deno.serve(() => new Response("ok"));\n',
};

/** The platform's answer for an unknown slug; the spec leaves 404 out. */
const NOT_FOUND = { status: 404, raw: '{"message":"Function not found"}', undocumented: 'the platform answers 404 for a slug it does not know' };

/** A platform that remembers deployed bodies, so download returns what deploy sent. */
function platform(failures = { create: 0 }) {
  const bodies = new Map<string, Buffer>();
  const meta = new Map<string, { verify_jwt: boolean; version: number }>();
  const fn = (slug: string) => ({
    id: `id-${slug}`, slug, name: slug, status: 'ACTIVE' as const, version: meta.get(slug)!.version,
    created_at: 1_700_000_000_000, updated_at: 1_708_387_200_000, verify_jwt: meta.get(slug)!.verify_jwt,
  });
  const store = (request: HandledRequest, slug: string) => {
    bodies.set(slug, request.raw);
    meta.set(slug, { verify_jwt: request.query.get('verify_jwt') === 'true', version: (meta.get(slug)?.version ?? 0) + 1 });
  };
  const api = new ManagementApiServer({
    getFunction: ({ params }) => (meta.has(params.function_slug) ? { status: 200, body: fn(params.function_slug) } : NOT_FOUND),
    createFunction: (request) => {
      if (failures.create-- > 0) return { status: 500, raw: '{"message":"try again"}' };
      const slug = request.query.get('slug')!;
      store(request, slug);
      return { status: 201, body: fn(slug) };
    },
    updateFunction: (request) => {
      store(request, request.params.function_slug);
      return { status: 200, body: fn(request.params.function_slug) };
    },
    getFunctionBody: ({ params }) => (bodies.has(params.function_slug) ? { status: 200, raw: bodies.get(params.function_slug)!, contentType: 'application/octet-stream' } : NOT_FOUND),
    getFunctions: () => ({ status: 200, body: [...meta.keys()].map(fn) }),
    deleteFunction: ({ params }) => (meta.delete(params.function_slug) ? { status: 200 } : NOT_FOUND),
  });
  return { api, bodies };
}

describe('functions deploy / download / list / delete (local Management API)', function () {
  this.timeout(60_000);
  let root: string;
  let env: NodeJS.ProcessEnv;
  const { api, bodies } = platform();
  const cli = (...args: string[]) => runMain([...args, '--project-ref', REF], { cwd: root, env });

  before(async () => {
    root = await tempDir('functions-deploy');
    await initProject(root);
    for (const [relative, text] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(root, 'supabase', relative)), { recursive: true });
      await writeFile(path.join(root, 'supabase', relative), text);
    }
    await writeFile(path.join(root, 'supabase', 'config.toml'), `${await readFile(path.join(root, 'supabase', 'config.toml'), 'utf8')}\n[functions.webhook]\nverify_jwt = false\n`);
    env = { SUPABASE_INTERNAL_API_HOST: await api.start(), SUPABASE_ACCESS_TOKEN: TOKEN, HOME: root };
  });
  after(async () => {
    await api.stop();
    await removeDir(root);
  });

  it('deploys every function: an EZBR + brotli eszip, created with the original query', async () => {
    const result = await cli('functions', 'deploy');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^Bundling hello\nDeploying hello \(script size: [\d.]+k?B\)\nDeployed Function hello on project abcdefghijklmnopqrst\n/);
    assert.match(result.stdout, /You can inspect your deployment in the Dashboard: \S+\/project\/abcdefghijklmnopqrst\/functions\/webhook\/details\n$/);
    const created = api.calls('createFunction');
    assert.deepEqual(created.map((call) => Object.fromEntries(call.query)), [
      { slug: 'hello', name: 'hello', verify_jwt: 'true', import_map_path: 'file:///home/deno/import_map.json', entrypoint_path: 'file:///home/deno/functions/hello/index.ts' },
      { slug: 'webhook', name: 'webhook', verify_jwt: 'false', import_map_path: 'file:///home/deno/import_map.json', entrypoint_path: 'file:///home/deno/functions/webhook/index.ts' },
    ]);
    assert.equal(created[0]!.headers['content-type'], 'application/vnd.denoland.eszip');
    const body = bodies.get('hello')!;
    assert.equal(body.subarray(0, 4).toString('ascii'), 'EZBR');
    const eszip = brotliDecompressSync(body.subarray(4));
    assert.equal(eszip.subarray(0, 6).toString('ascii'), 'ESZIP2');
    assert.deepEqual(api.violations, []);
  });

  it('updates a function the platform has, with --no-verify-jwt winning over config', async () => {
    const result = await cli('functions', 'deploy', 'hello', '--no-verify-jwt');
    assert.equal(result.code, 0, result.stderr);
    const update = api.calls('updateFunction').at(-1)!;
    assert.equal(update.params.function_slug, 'hello');
    assert.equal(update.query.get('verify_jwt'), 'false');
    assert.equal(update.query.get('slug'), null);
    assert.deepEqual(api.violations, []);
  });

  it('download unpacks the deployed eszip back into the original source files', async () => {
    const originals = Object.fromEntries(await Promise.all(['hello/index.ts', '_shared/greet.ts', '_shared/shout.js'].map(async (file) => [file, await readFile(path.join(root, 'supabase/functions', file), 'utf8')])));
    await rm(path.join(root, 'supabase/functions/hello'), { recursive: true });
    await rm(path.join(root, 'supabase/functions/_shared'), { recursive: true });
    const result = await cli('functions', 'download', 'hello');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'Downloading hello\n');
    for (const [file, text] of Object.entries(originals)) assert.equal(await readFile(path.join(root, 'supabase/functions', file), 'utf8'), text, file);
    assert.deepEqual(api.violations, []);
  });

  it('lists functions with the original columns and UTC times from epoch milliseconds', async () => {
    const result = await cli('functions', 'list');
    assert.equal(result.code, 0, result.stderr);
    const lines = result.stdout.split('\n').filter(Boolean);
    assert.match(lines[0]!, /^\s*ID\s+\|\s+NAME\s+\|\s+SLUG\s+\|\s+STATUS\s+\|\s+VERSION\s+\|\s+UPDATED_AT \(UTC\)$/);
    assert.match(result.stdout, /id-hello\s+\| hello\s+\| hello\s+\| ACTIVE \| 2\s+\| 2024-02-20 00:00:00/);
  });

  it('deletes a function, and says when it does not exist', async () => {
    const deleted = await cli('functions', 'delete', 'webhook');
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.equal(deleted.stdout, `Deleted Function webhook from project ${REF}.\n`);
    const missing = await cli('functions', 'delete', 'webhook');
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^Function webhook does not exist on the Supabase project\.\n/);
  });

  it('bad input is one clear line: slug, missing entrypoint, import map directory, nothing to deploy', async () => {
    const slug = await cli('functions', 'deploy', '1-bad');
    assert.equal(slug.code, 1);
    assert.match(slug.stderr, /^Invalid Function name\. Must start with at least one letter/);
    const missing = await cli('functions', 'deploy', 'ghost');
    assert.match(missing.stderr, /^Entrypoint not found: supabase\/functions\/ghost\/index\.ts\n/);
    const directory = await cli('functions', 'deploy', 'webhook', '--import-map', 'supabase/functions');
    assert.match(directory.stderr, new RegExp(`^Importing directory is unsupported: ${path.join(root, 'supabase/functions').replace(/[/.]/g, '\\$&')}\\n`));
    const empty = await tempDir('functions-none');
    await initProject(empty);
    const none = await runMain(['functions', 'deploy', '--project-ref', REF], { cwd: empty, env });
    assert.match(none.stderr, /^No Functions specified or found in supabase\/functions\n/);
    await removeDir(empty);
    const legacy = await cli('functions', 'download', 'hello', '--legacy-bundle');
    assert.match(legacy.stderr, /^--legacy-bundle is not available in this build: it downloads Deno 1\.30\.3/);
  });
});

describe('functions deploy retries', function () {
  this.timeout(60_000);
  it('retries a failed create and succeeds; quotes the body when every try fails', async () => {
    const root = await tempDir('functions-retry');
    await initProject(root);
    await mkdir(path.join(root, 'supabase/functions/hello'), { recursive: true });
    await writeFile(path.join(root, 'supabase/functions/hello/index.ts'), 'Deno.serve(() => new Response("hi"));\n');
    const flaky = platform({ create: 1 });
    const env = { SUPABASE_INTERNAL_API_HOST: await flaky.api.start(), SUPABASE_ACCESS_TOKEN: TOKEN, HOME: root };
    try {
      const ok = await runMain(['functions', 'deploy', 'hello', '--project-ref', REF], { cwd: root, env });
      assert.equal(ok.code, 0, ok.stderr);
      assert.equal(flaky.api.calls('createFunction').length, 2);
      assert.equal(ok.stdout.split('Bundling hello').length - 1, 2);
      const broken = platform({ create: 10 });
      const brokenEnv = { ...env, SUPABASE_INTERNAL_API_HOST: await broken.api.start() };
      const failed = await runMain(['functions', 'deploy', 'hello', '--project-ref', REF], { cwd: root, env: brokenEnv });
      await broken.api.stop();
      assert.equal(failed.code, 1);
      assert.equal(broken.api.calls('createFunction').length, 4);
      assert.match(failed.stderr, /^Failed to create a new Function on the Supabase project: \{"message":"try again"\}\n/);
    } finally {
      await flaky.api.stop();
      await removeDir(root);
    }
  });
});
