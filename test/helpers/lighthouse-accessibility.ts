/**
 * Lighthouse's accessibility category for one URL, as its own command line reports it (mobile
 * emulation, its default preset), in a chromium it starts for the run. A child process rather than
 * its Node API: under the tests' TypeScript loader Lighthouse's page-side functions are rewritten
 * with helpers the page does not have. Gives the score (0-100) and the audits that failed.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const require = createRequire(import.meta.url);
const CLI = path.join(path.dirname(require.resolve('lighthouse/package.json')), 'cli', 'index.js');

export interface AccessibilityReport {
  score: number;
  failed: string[];
}

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
}

/** The accessibility score of `url`, audited by Lighthouse in the chromium at `chromePath`. */
export async function accessibilityOf(url: string, chromePath: string): Promise<AccessibilityReport> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [CLI, url, '--only-categories=accessibility', '--output=json', '--output-path=stdout', '--quiet', '--chrome-flags=--headless=new --no-sandbox --disable-gpu'],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as { categories: { accessibility?: { score: number | null } }; audits: Record<string, Audit> };
  const failed = Object.values(report.audits)
    .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id}: ${audit.title}`);
  return { score: Math.round((report.categories.accessibility?.score ?? 0) * 100), failed };
}
