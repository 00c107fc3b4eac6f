/** The pgTAP skeleton behind `supabase test new`. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TaskError } from '../task-error.js';
import { assertFileNameFits, assertFileNamePart, rethrowWrongKind } from '../project/file-kind.js';

/** A one-test skeleton inside a transaction that is rolled back, so a test leaves no trace. */
export const PGTAP_TEMPLATE = `BEGIN;
SELECT plan(1);

-- More examples: https://pgtap.org/documentation.html
SELECT has_schema(
    'public',
    'public schema should exist'
);

SELECT * FROM finish();
ROLLBACK;
`;

const TEMPLATES: Record<string, string> = { pgtap: PGTAP_TEMPLATE };

/**
 * Writes supabase/tests/<name>_test.sql and returns its path relative to the project root
 * (forward slashes, as printed). An existing file is an error, never overwritten.
 */
export async function createTestFile(projectRoot: string, name: string, template = 'pgtap'): Promise<string> {
  const body = TEMPLATES[template];
  if (body === undefined) throw new TaskError(`unknown test template: ${template}`, 'Use --template pgtap.');
  assertFileNamePart(name, 'test', 'users');
  assertFileNameFits(name, 'test', `${name}_test.sql`, 'users');
  const relative = `supabase/tests/${name}_test.sql`;
  const file = path.join(projectRoot, relative);
  try {
    await mkdir(path.dirname(file), { recursive: true });
  } catch (error) {
    rethrowWrongKind(error, 'supabase/tests', 'folder');
  }
  try {
    await writeFile(file, body, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new TaskError(`${relative} already exists.`);
    rethrowWrongKind(error, 'supabase/tests', 'folder');
  }
  return relative;
}
