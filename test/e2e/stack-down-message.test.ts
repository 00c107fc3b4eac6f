/**
 * Every command that needs the local database, run with the stack stopped: the same one message
 * (the original's `supabase start is not running.`) with `supabase start` as the fix, exit 1, and
 * nothing else: no ECONNREFUSED, no shadow-database talk, no --debug hint. And every one of them
 * loads the config, so a config with a field the tool does not know warns first, once.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

describe('an unknown config field: every command that loads the config warns once', function () {
  this.timeout(180_000);
  let project: CliProject;

  before(async () => {
    project = await cliProject('config-warning');
    const config = path.join(project.root, 'supabase', 'config.toml');
    writeFileSync(config, readFileSync(config, 'utf8').replace(/^\[db\]$/m, '[db]\nno_such_field = true'));
  });
  after(() => project?.dispose());

  for (const args of [...COMMANDS.filter((command) => command[0] !== 'inspect'), ['inspect', 'db', 'cache-hit', '--local'], ['start'], ['stop'], ['db', 'start']]) {
    it(`supabase ${args.join(' ')}`, () => {
      const result = project.run(args);
      const warnings = result.stderr.split('\n').filter((line) => line === 'Unknown config fields: [db.no_such_field]');
      assert.equal(warnings.length, 1, result.stderr);
      assert.ok(result.stderr.startsWith('Unknown config fields: [db.no_such_field]\n'), result.stderr);
      if (!['start', 'stop'].includes(args[0]!) && args.join(' ') !== 'db start') assert.equal(result.stderr, `Unknown config fields: [db.no_such_field]\n${EXPECTED}`);
    });
  }
});
