/** `test`: pgTAP database tests, run with pg_prove, and a scaffold for new ones. */
import { DB_TARGET_GROUP, dbTargetFlags } from '../shared-flags.js';
import type { CommandSpec } from '../types.js';

const TAGS = ['testing'];
const PGTAP_DOCS = { name: 'pgTAP documentation', link: 'https://pgtap.org/documentation.html' };

export const testCommands: CommandSpec[] = [
  {
    path: 'test',
    group: 'local-dev',
    summary: 'Write and run tests for your database',
    description: 'Groups the commands that scaffold pgTAP test files in supabase/tests and run them.',
    runnable: false,
    tags: TAGS,
  },
  {
    path: 'test db',
    group: 'local-dev',
    summary: 'Run pgTAP tests with pg_prove',
    description:
      'Runs the .sql and .pg files under supabase/tests (or only the given paths, relative to that folder) ' +
      'against the local database by default. The pgtap extension is installed for the run and removed again ' +
      'if it was not there before.',
    args: { min: 0, max: Infinity, usage: '[path] ...' },
    flags: dbTargetFlags({ defaultTarget: 'local', purpose: 'test' }),
    exclusive: [DB_TARGET_GROUP],
    examples: [
      { id: 'basic-usage', name: 'Run every test against the local database', code: 'supabase test db' },
      { id: 'one-file', name: 'Run a single test file', code: 'supabase test db profiles_test.sql' },
    ],
    tags: TAGS,
    links: [PGTAP_DOCS],
    load: () => import('../../commands/test-db.command.js'),
  },
  {
    path: 'test new',
    group: 'local-dev',
    summary: 'Create a pgTAP test file from a template',
    description:
      'Writes supabase/tests/<name>_test.sql with a skeleton test wrapped in a rolled-back transaction. It ' +
      'refuses to overwrite a file that already exists.',
    args: { min: 1, max: 1, usage: '<name>' },
    flags: [
      {
        name: 'template',
        short: 't',
        type: 'enum',
        values: ['pgtap'],
        default: 'pgtap',
        description: 'Test framework whose template to use.',
      },
    ],
    examples: [
      {
        id: 'basic-usage',
        name: 'Scaffold a test',
        code: 'supabase test new profiles',
        response: 'Created new pgtap test at supabase/tests/profiles_test.sql.',
      },
    ],
    tags: TAGS,
    links: [PGTAP_DOCS],
    load: () => import('../../commands/test-new.command.js'),
  },
];
