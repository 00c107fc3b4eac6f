/**
 * The docs' getting-started quickstarts run as written against a native stack made by
 * `supabase init` and `supabase start`: their SQL and code are read from the docs content files
 * (never re-typed here), the SQL runs as the dashboard's SQL editor runs it (as postgres), and:
 * - the React quickstart's App.jsx, bundled with its `.env.local` names filled from
 *   `status -o env`, lists the countries in Chromium;
 * - every other JavaScript quickstart's supabase-js query, taken from its code, returns them.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { build } from 'esbuild';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { closeServer } from '../helpers/close-server.js';
import { envValue, isolate } from '../helpers/example-project.js';
import { requireCommand } from '../helpers/require-command.js';
import { runCliAsync, type CliResult } from '../helpers/run-cli.js';
import { nativeTestEnv, removeDir, tempDir } from '../integration/support/temp-project.js';

const QUICKSTARTS = fileURLToPath(new URL('../../docs-site/content/guides/getting-started/quickstarts', import.meta.url));
const NODE_MODULES = fileURLToPath(new URL('../../node_modules', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const COUNTRIES = ['Canada', 'United States', 'Mexico'];

/** The fenced code blocks of a guide, in order, with their language. */
function codeBlocks(file: string): Array<{ lang: string; code: string }> {
  const text = readFileSync(path.join(QUICKSTARTS, file), 'utf8');
  return [...text.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```$/gm)].map((match) => ({ lang: match[1]!, code: match[2]! }));
}

/** The quickstarts whose SQL creates the countries table. */
const guides = readdirSync(QUICKSTARTS)
  .filter((file) => file.endsWith('.mdx'))
  .map((file) => ({ file, blocks: codeBlocks(file) }))
  .filter(({ blocks }) => blocks.some((block) => block.lang === 'sql' && /create table countries/.test(block.code)));

function succeeded(result: CliResult, what: string): void {
  assert.equal(result.code, 0, `${what} failed:\n${result.stdout}\n${result.stderr}`);
}

describe('the docs\' getting-started quickstarts against the native stack', function () {
  this.timeout(300_000);
  let root: string;
  let env: NodeJS.ProcessEnv;
  let status: string;
  let dbUrl: string;
  const cli = (args: string[]) => runCliAsync([...args, '--workdir', root], { env });

  /** Runs a guide's SQL on a database without its table, as the SQL editor would. */
  async function runGuideSql(file: string): Promise<void> {
    const sql = codeBlocks(file).find((block) => block.lang === 'sql')!.code;
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      await db.query('drop table if exists public.countries');
      await db.query(sql);
    } finally {
      await db.end();
    }
  }

  before(async () => {
    assert.ok(guides.some(({ file }) => file === 'reactjs.mdx'), 'the React quickstart creates the countries table');
    root = await tempDir('docs-quickstarts');
    env = await nativeTestEnv({ SUPABASE_RUNTIME: 'native' });
    succeeded(await runCliAsync(['init', '--workdir', root], { env }), 'init');
    await isolate(path.join(root, 'supabase', 'config.toml'), path.basename(root));
    succeeded(await cli(['start']), 'start');
    const result = await cli(['status', '-o', 'env']);
    succeeded(result, 'status');
    status = result.stdout;
    dbUrl = envValue(status, 'DB_URL');
  });

  after(async () => {
    if (root) await cli(['stop', '--no-backup']).catch(() => undefined);
    if (root) await removeDir(root);
  });

  it('the React quickstart\'s App.jsx lists the countries in Chromium', async function () {
    requireCommand(this, CHROMIUM, ['--version'], 'apt-get install -y chromium');
    await runGuideSql('reactjs.mdx');
    const blocks = codeBlocks('reactjs.mdx');
    const app = blocks.find((block) => block.lang === 'jsx' && /export default function App/.test(block.code))!.code;
    // The guide's .env.local, its placeholders replaced by what `status -o env` prints for them.
    const envBlock = blocks.find((block) => /^VITE_\w+=/m.test(block.code))!.code;
    const statusName: Record<string, string> = { VITE_SUPABASE_URL: 'API_URL', VITE_SUPABASE_ANON_KEY: 'ANON_KEY' };
    const define = Object.fromEntries(
      [...envBlock.matchAll(/^(VITE_\w+)=/gm)].map(([, name]) => {
        assert.ok(statusName[name!], `the guide's .env.local names ${name}, which status does not print`);
        return [`import.meta.env.${name}`, JSON.stringify(envValue(status, statusName[name!]!))];
      }),
    );
    // What `npm create vite -- --template react` leaves in main.jsx, around the guide's App.
    await writeFile(path.join(root, 'App.jsx'), app);
    await writeFile(
      path.join(root, 'main.jsx'),
      "import { createRoot } from 'react-dom/client'\nimport App from './App.jsx'\ncreateRoot(document.getElementById('root')).render(<App />)\n",
    );
    await build({
      entryPoints: [path.join(root, 'main.jsx')],
      outfile: path.join(root, 'app.js'),
      bundle: true,
      format: 'esm',
      jsx: 'automatic',
      nodePaths: [NODE_MODULES],
      define: { ...define, 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
    const script = readFileSync(path.join(root, 'app.js'));
    const server = http.createServer((request, response) => {
      if (request.url === '/app.js') return response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><div id="root"></div><script type="module" src="/app.js"></script>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
      await page.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
      await page.locator('li').nth(COUNTRIES.length - 1).waitFor({ timeout: 15_000 }).catch(() => undefined);
      assert.deepEqual(await page.locator('li').allTextContents(), COUNTRIES, `console errors: ${errors.join('\n')}`);
    } finally {
      await browser.close();
      await closeServer(server);
    }
  });

  for (const { file, blocks } of guides) {
    const query = blocks.map((block) => /supabase\s*\.from\('countries'\)[\s\S]*?\.select\([^)]*\)/.exec(block.code)?.[0]).find(Boolean);
    if (!query) continue;
    it(`${file}: its SQL and its query \`${query.replace(/\s+/g, '')}\` return the countries`, async () => {
      await runGuideSql(file);
      const supabase = createClient(envValue(status, 'API_URL'), envValue(status, 'ANON_KEY'), { auth: { persistSession: false } });
      // The guide's own expression, evaluated with a client for the anon key as its app makes one.
      const run = new Function('supabase', `return ${query}`) as (client: SupabaseClient) => PromiseLike<{ data: unknown; error: unknown }>;
      const { data, error } = await run(supabase);
      assert.equal(error, null);
      assert.deepEqual((data as Array<{ name: string }>).map((row) => row.name), COUNTRIES);
    });
  }
});
