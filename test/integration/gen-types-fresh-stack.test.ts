/**
 * `gen types typescript --local` on a freshly started project with no migrations: the storage
 * and graphql_public schemas come out as the original CLI 1.145.4 prints them, i.e. as
 * postgres-meta 0.77.2 renders the storage-api v0.46.4 schema and pg_graphql's graphql_public
 * function (test/fixtures/typegen/fresh-stack.expected.ts.txt). The published postgres-meta
 * 0.83.2 run on the same database must differ from it by that version's changes only
 * (fresh-stack.postgres-meta-0.83.2.diff), which ties the expected file to postgres-meta's rules.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createTwoFilesPatch, parsePatch, structuredPatch } from 'diff';
import { runMain } from '../helpers/run-cli.js';
import { postgresMetaTypes } from '../helpers/postgres-meta-typegen.js';
import { startProject, type RunningProject } from './support/running-project.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/typegen/${name}`, import.meta.url));

describe('gen types typescript --local on a fresh stack', function () {
  this.timeout(180_000);
  let project: RunningProject;
  let generated: string;

  before(async () => {
    project = await startProject();
    const result = await runMain(['gen', 'types', 'typescript', '--local'], { cwd: project.root, env: project.env });
    assert.equal(result.code, 0, result.stderr);
    generated = result.stdout;
  });
  after(async () => {
    await project?.dispose();
  });

  it('prints the storage and graphql_public shapes of the original', async () => {
    const expected = await readFile(fixture('fresh-stack.expected.ts.txt'), 'utf8');
    if (generated !== expected) assert.fail(`the output differs from fresh-stack.expected.ts.txt:\n${createTwoFilesPatch('expected', 'generated', expected, generated, '', '', { context: 2 })}`);
  });

  it('differs from the published postgres-meta 0.83.2 by its version changes only', async () => {
    const published = await postgresMetaTypes(project.dbUrl, ['public', 'storage', 'graphql_public'], true);
    const found = structuredPatch('ours', 'published', generated, published, '', '', { context: 3 }).hunks.map((hunk) => hunk.lines);
    const expected = parsePatch(await readFile(fixture('fresh-stack.postgres-meta-0.83.2.diff'), 'utf8'))[0].hunks.map((hunk) => hunk.lines);
    assert.deepEqual(found, expected);
  });
});
