/**
 * `gen types typescript` against postgres-meta, on a schema with a case for each of its rules
 * (test/fixtures/typegen/parity.sql): relationships of tables, views and materialized views in
 * every direction, one-to-one flags, overloads each with its own return type, set-returning
 * functions, composite types, enums, graphql_public and --schema lists.
 *
 * The expected files are what postgres-meta v0.77.2 (the image supabase 1.145.4 runs) printed for
 * this schema, built from its v0.77.2 tag. The published package's nearest version, 0.83.2, runs
 * here too: its output must differ from ours by exactly the version changes listed in
 * parity.postgres-meta-0.83.2.diff.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parsePatch, structuredPatch } from 'diff';
import { runMain } from '../helpers/run-cli.js';
import { postgresMetaTypes } from '../helpers/postgres-meta-typegen.js';
import { typecheckGenerated } from '../helpers/typecheck-generated.js';
import { startProject, type RunningProject } from './support/running-project.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/typegen/${name}`, import.meta.url));
const ALL_SCHEMAS = ['shop', 'archive', 'graphql_public', 'public'];

describe('gen types typescript, compared with postgres-meta', function () {
  this.timeout(180_000);
  let project: RunningProject;
  let all: string;

  before(async () => {
    project = await startProject({ 'migrations/20240101000000_parity.sql': await readFile(fixture('parity.sql'), 'utf8') });
  });
  after(async () => {
    await project?.dispose();
  });

  const generate = async (...args: string[]) => {
    const result = await runMain(['gen', 'types', 'typescript', '--db-url', project.dbUrl, ...args], { cwd: project.root, env: project.env });
    assert.equal(result.code, 0, result.stderr);
    return result.stdout;
  };

  it('prints what postgres-meta 0.77.2 prints for a --schema list', async () => {
    all = await generate(...ALL_SCHEMAS.flatMap((schema) => ['--schema', schema]));
    assertSameText(all, await readFile(fixture('parity.expected.ts.txt'), 'utf8'));
  });

  it('prints what postgres-meta 0.77.2 prints for one schema with --postgrest-v9-compat', async () => {
    const shopOnly = await generate('--schema', 'shop', '--postgrest-v9-compat');
    assertSameText(shopOnly, await readFile(fixture('parity-shop-v9.expected.ts.txt'), 'utf8'));
    assert.match(shopOnly, /reason: "expired" \| "fraud" \| null/, 'an enum of a schema left out is spelled out');
  });

  it('differs from the published postgres-meta 0.83.2 by its version changes only', async () => {
    const published = await postgresMetaTypes(project.dbUrl, ALL_SCHEMAS, true);
    const found = structuredPatch('ours', 'published', all, published, '', '', { context: 3 }).hunks.map((hunk) => hunk.lines);
    const expected = parsePatch(await readFile(fixture('parity.postgres-meta-0.83.2.diff'), 'utf8'))[0].hunks.map((hunk) => hunk.lines);
    assert.deepEqual(found, expected);
  });

  it('compiles under tsc --strict, with typed embeds through views and per-overload return types', async () => {
    assert.equal(await typecheckGenerated(all, fixture('parity-usage.ts.txt')), '');
  });
});

/** Equal texts, reporting the first differing line rather than two megabyte-sized strings. */
function assertSameText(actual: string, expected: string): void {
  if (actual === expected) return;
  const a = actual.split('\n');
  const b = expected.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line < 0 ? Math.min(a.length, b.length) : line;
  assert.fail(`line ${at + 1} differs:\n  ours:     ${JSON.stringify(a[at])}\n  expected: ${JSON.stringify(b[at])}`);
}
