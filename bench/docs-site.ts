/**
 * Docs site figures, as a reader and a maintainer meet them:
 * - the build: a clean `npm run build -w docs-site`, its wall and CPU time, and Gatsby's own
 *   timing of each phase over a second (where the time goes); then the same build again after one
 *   guide changed, Gatsby's cache kept (what a writer waits for);
 * - JavaScript: the gzipped scripts each guide page runs (lazy chunks included, prefetches of
 *   other pages not), the largest over every guide page;
 * - Lighthouse, mobile profile (its default: a mid-range phone, simulated slow 4G): performance,
 *   accessibility, best practices and SEO of each page type (issue 40: home, a guide with the
 *   API-settings widget, a tutorial, a client library page, a CLI command, the Management API
 *   index and its heaviest tag page), the median of three runs each, with the total blocking time
 *   (the figure hydration weighs on).
 * Budgets (DESIGN.md, issue 18): build at most half the 750 s it took before; JavaScript under
 * 150 KB per guide page; Lighthouse >= 95 performance and accessibility, 100 best practices and
 * SEO. Prints, never fails.
 * Run: npx tsx bench/docs-site.ts [--no-build] [--runs 3]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startStaticServer } from '../docs-site/test/helpers/static-server.mjs';
import { median, report } from './measure.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PUBLIC_DIR = join(ROOT, 'docs-site', 'public');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// Lighthouse drives Chrome over its own protocol connection; the plain `--headless` switch (the
// old headless mode) closes the target under it on this Chromium, `--headless=new` does not.
const LIGHTHOUSE_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const LIGHTHOUSE_PAGES = [
  '/',
  '/guides/getting-started',
  '/guides/getting-started/tutorials/with-react',
  '/reference/javascript/introduction',
  '/reference/cli/supabase-db-push',
  '/reference/api/introduction',
  '/reference/api/projects-config',
];
const CATEGORIES = [['performance', '>= 95'], ['accessibility', '>= 95'], ['best-practices', '100'], ['seo', '100']] as const;
/** The build before issue 18, on this 2-core machine. */
const BUILD_BEFORE_SECONDS = 750;
const args = process.argv.slice(2);
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 3;

/** CPU seconds used by this process's finished children (and theirs), from /proc. */
function childrenCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
  // After the command name, cutime and cstime are fields 14 and 15 (0-based 13, 14), in ticks.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function build(): void {
  const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' };
  spawnSync('npx', ['gatsby', 'clean'], { cwd: join(ROOT, 'docs-site'), stdio: 'ignore', env });
  const cpuBefore = childrenCpuSeconds();
  const start = process.hrtime.bigint();
  const result = spawnSync('npm', ['run', 'build', '-w', 'docs-site'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status !== 0) throw new Error('failed to build the docs site: run `npm run build -w docs-site` to see why');
  report('docs-site build, clean (artifacts + gatsby build), wall', seconds, 's', `<= ${BUILD_BEFORE_SECONDS / 2} s, half of before; < 240 s (issue 40)`);
  report('  as a share of the build before issue 18', seconds / BUILD_BEFORE_SECONDS, 'x');
  report('  CPU time of the build (all processes)', childrenCpuSeconds() - cpuBefore, 's');
  // eslint-disable-next-line no-control-regex
  const plain = result.stdout.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
  for (const match of plain.matchAll(/^success (.+?) - (\d+\.\d+)s/gm)) {
    if (Number(match[2]) >= 1) console.log(`  phase: ${match[1]}: ${Number(match[2]).toFixed(1)} s`);
  }
}

/** The build again after one guide's text changed, with the cache the clean build left. */
function onePageBuild(): void {
  const guide = join(ROOT, 'docs-site', 'content', 'guides', 'auth', 'index.mdx');
  const text = readFileSync(guide, 'utf8');
  writeFileSync(guide, `${text}\nA sentence the docs-site bench adds for one build.\n`);
  try {
    const start = process.hrtime.bigint();
    const result = spawnSync('npm', ['run', 'build', '-w', 'docs-site'], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1' } });
    if (result.status !== 0) throw new Error('failed to rebuild the docs site after one change: run `npm run build -w docs-site` to see why');
    report('docs-site build, one guide changed (cache kept), wall', Number(process.hrtime.bigint() - start) / 1e9, 's', '< 60 s (issue 40)');
  } finally {
    writeFileSync(guide, text);
  }
}

/** Every built guide route (public/guides/**\/index.html), without the pages that only forward. */
function guideRoutes(dir = join(PUBLIC_DIR, 'guides')): string[] {
  const { redirects } = JSON.parse(readFileSync(join(ROOT, 'docs-site', 'src', 'data', 'redirects.json'), 'utf8')) as { redirects: Array<{ from: string }> };
  const forwarding = new Set(redirects.map((r) => r.from));
  const walk = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return walk(path);
      return name === 'index.html' ? [`/${relative(PUBLIC_DIR, folder)}`] : [];
    });
  return walk(dir).filter((route) => !forwarding.has(route));
}

/** Gzipped bytes of the scripts one page runs, lazy chunks included. */
async function pageJavascript(browser: Browser, baseUrl: string, routes: string[]): Promise<Map<string, number>> {
  const weights = new Map<string, number>();
  const gzipped = new Map<string, number>();
  const page = await browser.newPage();
  let scripts = new Set<string>();
  page.on('request', (request) => { if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname); });
  for (const route of routes) {
    scripts = new Set();
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    await page.waitForLoadState('networkidle');
    let bytes = 0;
    for (const path of scripts) {
      if (!gzipped.has(path)) gzipped.set(path, gzipSync(readFileSync(join(PUBLIC_DIR, path))).length);
      bytes += gzipped.get(path)!;
    }
    weights.set(route, bytes);
  }
  await page.close();
  return weights;
}

async function javascriptFigures(baseUrl: string): Promise<void> {
  const routes = guideRoutes();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    // Two tabs in parallel: the pages are small, the time goes to waiting for the network to settle.
    const halves = [routes.filter((_, i) => i % 2 === 0), routes.filter((_, i) => i % 2 === 1)];
    const weights = new Map([...(await Promise.all(halves.map((part) => pageJavascript(browser, baseUrl, part)))).flatMap((m) => [...m])]);
    const [heaviest, bytes] = [...weights].sort((a, b) => b[1] - a[1])[0]!;
    report(`JavaScript per guide page, gzipped, max over ${weights.size} pages (${heaviest})`, bytes / 1024, 'KB', '< 150 KB');
    report('JavaScript per guide page, gzipped, median', median([...weights.values()]) / 1024, 'KB');
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

/** Lighthouse's four category scores (0-100) and the total blocking time (ms) for one run, or why it could not run. */
async function lighthouseScores(url: string): Promise<Record<string, number> | string> {
  const bin = join(ROOT, 'node_modules', '.bin', 'lighthouse');
  if (!existsSync(bin)) return 'lighthouse is not installed (npm install from the root installs it with docs-site)';
  const out = join(mkdtempSync(join(tmpdir(), 'lighthouse-')), 'report.json');
  const categories = CATEGORIES.map(([id]) => id).join(',');
  const result = await run(bin, [url, `--only-categories=${categories}`, '--output=json', `--output-path=${out}`, '--quiet', `--chrome-flags=${LIGHTHOUSE_FLAGS.join(' ')}`], { ...process.env, CHROME_PATH: CHROMIUM });
  if (result.status !== 0 || !existsSync(out)) return `lighthouse failed: ${result.output.trim().split('\n').pop()}`;
  const lhr = JSON.parse(readFileSync(out, 'utf8')) as { categories: Record<string, { score: number }>; audits: Record<string, { numericValue: number }> };
  return { ...Object.fromEntries(CATEGORIES.map(([id]) => [id, Math.round(lhr.categories[id]!.score * 100)])), tbt: lhr.audits['total-blocking-time']!.numericValue };
}

async function lighthouseFigures(baseUrl: string): Promise<void> {
  for (const path of LIGHTHOUSE_PAGES) {
    const runs: Array<Record<string, number>> = [];
    for (let i = 0; i < RUNS; i++) {
      const scores = await lighthouseScores(`${baseUrl}${path}`);
      if (typeof scores === 'string') {
        console.log(`Lighthouse of ${path}: not measured (${scores})`);
        return;
      }
      runs.push(scores);
    }
    for (const [id, budget] of CATEGORIES) report(`Lighthouse mobile ${id} of ${path}, median of ${RUNS}`, median(runs.map((r) => r[id]!)), '/ 100', budget);
    report(`  total blocking time of ${path}, median of ${RUNS}`, median(runs.map((r) => r.tbt!)), 'ms');
  }
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`docs-site bench skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    return;
  }
  if (!args.includes('--no-build')) {
    build();
    onePageBuild();
  }
  const server = await startStaticServer();
  try {
    await javascriptFigures(server.url);
    await lighthouseFigures(server.url);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
