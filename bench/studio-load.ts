/**
 * How long each section of the local Studio takes to load in Chromium on a native stack the CLI
 * started: a fresh browser context (nothing cached) opens `<studio>/#/<section>` and the clock
 * stops when the section's heading shows and nothing in it says "Loading…" any more. The floor is
 * the same server's login page (one small HTML document, no script) loaded the same way: what a
 * page costs this browser and server at all. Interleaved rounds, medians. Budget (issue 41): every
 * section under one second. Prints; never fails a build. Needs `npm run build` and Chromium.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { median, report } from './measure.js';
import { withPortsAround } from './project-ports.js';

const ROUNDS = 5;
const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'bench-studio-home-'));
chmodSync(home, 0o755);
const env = { ...process.env, SUPABASE_NATIVE_HOME: home, SUPABASE_RUNTIME: 'native' };

function cli(folder: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: folder, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) throw new Error(`supabase ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** Milliseconds from navigation to `ready` in a context of its own. */
async function timedLoad(browser: Browser, url: string, ready: (page: Page) => Promise<void>): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const began = performance.now();
    await page.goto(url);
    await ready(page);
    return performance.now() - began;
  } finally {
    await context.close();
  }
}

const folder = mkdtempSync(join(tmpdir(), 'bench-studio-'));
let browser: Browser | undefined;
try {
  cli(folder, 'init');
  const config = join(folder, 'supabase', 'config.toml');
  writeFileSync(config, withPortsAround(readFileSync(config, 'utf8'), 26622));
  cli(folder, 'start');
  const studio = (JSON.parse(cli(folder, 'status', '-o', 'json')) as Record<string, string>).STUDIO_URL!;
  // postgres-meta finishes loading after start returns: the sections that read it wait for it.
  for (let waited = 0; waited < 30_000; waited += 250) {
    const answer = await fetch(`${studio}/api/pg-meta/query`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"query":"select 1"}' }).catch(() => undefined);
    if (answer?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const probe = await browser.newPage();
  await probe.goto(`${studio}/#/api`);
  const links = probe.getByRole('navigation', { name: 'Sections' }).getByRole('link');
  await links.first().waitFor();
  const sections = (await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''))).filter((href) => href.startsWith('#/'));
  await probe.close();

  const samples = new Map<string, number[]>([['login page (floor)', []], ...sections.map((hash): [string, number[]] => [hash, []])]);
  for (let round = -1; round < ROUNDS; round++) {
    const floor = await timedLoad(browser, `${studio}/login`, async (page) => void (await page.waitForLoadState('load')));
    if (round >= 0) samples.get('login page (floor)')!.push(floor);
    for (const hash of sections) {
      const took = await timedLoad(browser, `${studio}/${hash}`, async (page) => {
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByText('Loading…').first().waitFor({ state: 'detached' });
      });
      if (round >= 0) samples.get(hash)!.push(took);
    }
  }
  const floor = median(samples.get('login page (floor)')!);
  report(`login page, fresh context (floor, median of ${ROUNDS})`, floor, 'ms');
  for (const hash of sections) {
    const value = median(samples.get(hash)!);
    report(`Studio ${hash} loaded, fresh context`, value, `ms = ${(value / floor).toFixed(2)}x floor`, '1000 ms');
  }
} finally {
  await browser?.close();
  spawnSync(process.execPath, [bin, 'stop', '--no-backup'], { cwd: folder, env, stdio: 'ignore' });
  rmSync(folder, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}
