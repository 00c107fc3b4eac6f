/**
 * Every command that needs the local database, run with the stack stopped: the same one message
 * (the original's `supabase start is not running.`) with `supabase start` as the fix, exit 1, and
 * nothing else: no ECONNREFUSED, no shadow-database talk, no --debug hint.
 */
import assert from 'node:assert/strict';
import { REPORTS } from '../../tasks/inspect/run-report.js';
import { MIGRATIONS, cliProject, type CliProject } from '../integration/support/cli-project.js';

const EXPECTED = 'supabase start is not running.\nRun supabase start to start the local stack.\n';

const COMMANDS: string[][] = [
  ['status'],
  ['status', '-o', 'json'],
  ['db', 'reset'],
  ['db', 'reset', '--local'],
  ['db', 'diff', '--local'],
  ['db', 'diff'],
  ['db', 'dump', '--local'],
  ['db', 'dump', '--local', '--data-only'],
  ['db', 'lint', '--local'],
  ['db', 'pull', '--local'],
  ['db', 'push', '--local'],
  ['migration', 'list', '--local'],
  ['migration', 'up'],
  ['migration', 'up', '--local'],
  ['migration', 'repair', '--status', 'applied', MIGRATIONS[0]!.version, '--local'],
  ['migration', 'squash', '--local'],
  ['gen', 'types', 'typescript', '--local'],
  ['test', 'db'],
  ['test', 'db', '--local'],
  ...[...REPORTS.keys()].map((report) => ['inspect', 'db', report, '--local']),
];

describe('the local stack is down: one message from every command that needs it', function () {
  this.timeout(180_000);
  let project: CliProject;

  before(async () => {
    project = await cliProject('stack-down');
  });
  after(() => project?.dispose());

  for (const args of COMMANDS) {
    it(`supabase ${args.join(' ')}`, () => {
      const result = project.run(args);
      assert.equal(result.code, 1, result.stderr);
      assert.equal(result.stderr, EXPECTED);
    });
  }
});
