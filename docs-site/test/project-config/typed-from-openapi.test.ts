// The widget's response types come from openapi.json: the generated file must be what the
// generator makes of the description today, and the widget, its state and these tests must
// type-check against it (the Gatsby build strips types without checking them).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const resolvePackage = createRequire(import.meta.url).resolve;
const API_DIR = here('../../src/lib/platform-api/');

describe('platform API types', () => {
  it('schema.gen.ts is up to date with openapi.json (npm run -w docs-site platform-types)', () => {
    const out = mkdtempSync(join(tmpdir(), 'platform-types-'));
    try {
      const cli = join(resolvePackage('openapi-typescript/package.json'), '..', 'bin', 'cli.js');
      execFileSync(process.execPath, [cli, join(API_DIR, 'openapi.json'), '-o', join(out, 'schema.gen.ts')], { stdio: 'pipe' });
      assert.equal(readFileSync(join(API_DIR, 'schema.gen.ts'), 'utf8'), readFileSync(join(out, 'schema.gen.ts'), 'utf8'));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('the widget code and its tests type-check', () => {
    const tsc = join(resolvePackage('typescript/package.json'), '..', 'bin', 'tsc');
    try {
      execFileSync(process.execPath, [tsc, '-p', here('./tsconfig.json')], { stdio: 'pipe', encoding: 'utf8' });
    } catch (error) {
      assert.fail(`tsc found errors:\n${(error as { stdout?: string }).stdout ?? String(error)}`);
    }
  });
});
