/**
 * Docs site figures: build time, the gzipped JavaScript a guide page loads, and its Lighthouse
 * performance score (default mobile profile, simulated throttling). Budgets from DESIGN.md:
 * JavaScript under 150 KB gzipped, Lighthouse performance >= 95. Prints, never fails.
 * Run: npx tsx bench/docs-site.ts [--no-build] [--page /guides/database/overview]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../docs-site/test/helpers/static-server.mjs';
import { report } from './measure.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// Lighthouse drives Chrome over its own protocol connection; the plain `--headless` switch (the
// old headless mode) closes the target under it on this Chromium, `--headless=new` does not.
const LIGHTHOUSE_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const args = process.argv.slice(2);
const PAGE = args.includes('--page') ? args[args.indexOf('--page') + 1] : '/guides/database/overview';

function buildSeconds(): number | null {
  if (args.includes('--no-build')) return null;
  const start = process.hrtime.bigint();
  const result = spawnSync('npm', ['run', 'build', '-w', 'docs-site'], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) throw new Error('failed to build the docs site: run `npm run build -w docs-site` to see why');
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** Gzipped bytes of every script the page executes (prefetches of other pages excluded). */
async function javascriptWeight(url: string): Promise<{ bytes: number; files: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => { if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname); });
    await page.goto(url, { waitUntil: 'networkidle' });
    const publicDir = join(ROOT, 'docs-site', 'public');
    let bytes = 0;
    for (const path of scripts) bytes += gzipSync(readFileSync(join(publicDir, path))).length;
    return { bytes, files: scripts.size };
  } finally {
    await browser.close();
  }
}

/** Runs a command asynchronously: the static server lives in this process and must keep answering. */
function run(command: string, argv: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, argv, { env });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('close', (status) => resolve({ status, output }));
  });
}

/** Lighthouse's performance score (0-100), or why it could not run. */
async function lighthouseScore(url: string): Promise<number | string> {
  const bin = join(ROOT, 'node_modules', '.bin', 'lighthouse');
  if (!existsSync(bin)) return 'lighthouse is not installed (npm install from the root installs it with docs-site)';
  const out = join(mkdtempSync(join(tmpdir(), 'lighthouse-')), 'report.json');
  const result = await run(bin, [url, '--only-categories=performance', '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${LIGHTHOUSE_FLAGS.join(' ')}`], { ...process.env, CHROME_PATH: CHROMIUM });
  if (result.status !== 0 || !existsSync(out)) return `lighthouse failed: ${result.output.trim().split('\n').pop()}`;
  const lhr = JSON.parse(readFileSync(out, 'utf8')) as { categories: { performance: { score: number } } };
  return Math.round(lhr.categories.performance.score * 100);
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`docs-site bench skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    return;
  }
  const seconds = buildSeconds();
  if (seconds !== null) report('docs-site build (artifacts + gatsby build)', seconds, 's');
  const server = await startStaticServer();
  try {
    const url = `${server.url}${PAGE}`;
    const js = await javascriptWeight(url);
    report(`JavaScript of ${PAGE}, gzipped (${js.files} files)`, js.bytes / 1024, 'KB', '< 150 KB');
    const score = await lighthouseScore(url);
    if (typeof score === 'number') report(`Lighthouse performance of ${PAGE}`, score, '/ 100', '>= 95');
    else console.log(`Lighthouse performance of ${PAGE}: not measured (${score})`);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
