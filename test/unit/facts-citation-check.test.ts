/**
 * The lint step's citation check (scripts/check-facts-citations.js): a comment citing a numbered
 * section of a facts document, on one line or split over two, fails it with the file and line;
 * the repository itself passes it, so the citations it replaced cannot come back unnoticed.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../../scripts/check-facts-citations.js', import.meta.url));
// Built from parts so this file does not cite anything itself.
const SECTION = '\u00a7';

function check(folder?: string): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, folder ? [SCRIPT, folder] : [SCRIPT], { encoding: 'utf8' });
  return { status: result.status, stderr: result.stderr };
}

describe('facts citation check', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'facts-citations-'));
    await mkdir(path.join(folder, 'cli'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('fails on a citation in one line, naming the file and line', async () => {
    await writeFile(path.join(folder, 'cli', 'one.ts'), `export const a = 1;\n/** \`db push\` (facts ${SECTION}5.7): pending. */\n`);
    const result = check(folder);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /^cli\/one\.ts:2: facts /m);
  });

  it('fails on a citation split over two comment lines, and in SQL comments', async () => {
    await writeFile(path.join(folder, 'cli', 'two.ts'), `/**\n * the local Management API (facts\n * ${SECTION}10): the routes.\n */\n`);
    await writeFile(path.join(folder, 'schema.sql'), `-- part 1 (docs-facts ${SECTION}1.9)\n`);
    const result = check(folder);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /^cli\/two\.ts:2: /m);
    assert.match(result.stderr, /^schema\.sql:1: /m);
  });

  it('passes words that only look alike, and leaves dependencies alone', async () => {
    await writeFile(path.join(folder, 'cli', 'fine.ts'), `/** Stored facts about an object; see ${SECTION} of nothing. */\n`);
    await mkdir(path.join(folder, 'node_modules'));
    await writeFile(path.join(folder, 'node_modules', 'dep.js'), `// facts ${SECTION}3\n`);
    assert.deepEqual(check(folder), { status: 0, stderr: '' });
  });

  it('passes the repository itself', () => {
    assert.deepEqual(check(), { status: 0, stderr: '' });
  });
});
