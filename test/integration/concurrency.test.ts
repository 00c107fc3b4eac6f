/**
 * Two commands that change the project at once, in every pairing: the first is held right after it
 * took the project's operation lock (SUPABASE_INTERNAL_FAULT=pause-after:1:<file>), the second runs
 * meanwhile and must fail at once with exit 1 and one line naming the first (command, pid, since
 * when); released, the first proceeds and succeeds. Real CLI processes on a real native database.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { portAnswers } from '../../tasks/net/port-answers.js';
import { MIGRATIONS, cliProject, type CliProject } from './support/cli-project.js';

/** Every command that changes a project's database or stack, as a user would run it here. */
const COMMANDS: ReadonlyArray<{ label: string; args: string[] }> = [
  { label: 'supabase start', args: ['start'] },
  { label: 'supabase stop', args: ['stop'] },
  { label: 'supabase db start', args: ['db', 'start'] },
  { label: 'supabase db reset', args: ['db', 'reset'] },
  { label: 'supabase migration up', args: ['migration', 'up'] },
  { label: 'supabase db push', args: ['db', 'push', '--local'] },
  { label: 'supabase migration repair', args: ['migration', 'repair', '--status', 'reverted', MIGRATIONS.at(-1)!.version, '--local'] },
  { label: 'supabase migration squash', args: ['migration', 'squash', '--local'] },
  { label: 'supabase test db', args: ['test', 'db'] },
];

describe('two commands that change a project at once: one proceeds, the other names it', function () {
  this.timeout(10 * 60_000);
  let project: CliProject;

  before(async () => {
    project = await cliProject('concurrent');
    const tests = path.join(project.root, 'supabase', 'tests');
    mkdirSync(tests, { recursive: true });
    writeFileSync(path.join(tests, 'one_test.sql'), "begin;\nselect plan(1);\nselect has_table('public', 'one', 'one exists');\nselect * from finish();\nrollback;\n");
  });
  after(() => project?.dispose());

  /** Every command can succeed from here: the stack runs, the migrations are as written. */
  async function ready(): Promise<void> {
    project.writeMigrations();
    if (!(await portAnswers('127.0.0.1', project.port))) assert.equal(project.run(['start']).code, 0);
  }

  for (const [i, first] of COMMANDS.entries()) {
    for (const second of COMMANDS.slice(i)) {
      it(`${second.label} while ${first.label} runs`, async () => {
        await ready();
        const release = path.join(project.root, '..', `${path.basename(project.root)}-release-${i}`);
        rmSync(release, { force: true });
        rmSync(`${release}.paused`, { force: true });
        const holder = project.spawn(first.args, { SUPABASE_INTERNAL_FAULT: `pause-after:1:${release}` });
        let holderErr = '';
        holder.stderr!.on('data', (chunk: Buffer) => (holderErr += chunk.toString()));
        const holderExit = new Promise<number | null>((resolve) => holder.once('exit', (code) => resolve(code)));
        try {
          for (const deadline = Date.now() + 60_000; !existsSync(`${release}.paused`); ) {
            assert.ok(Date.now() < deadline, `${first.label} never reached its first step: ${holderErr}`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          const began = Date.now();
          const loser = project.run(second.args);
          assert.ok(Date.now() - began < 15_000, 'the second command waited instead of failing at once');
          assert.equal(loser.code, 1, loser.stderr);
          const [line, ...rest] = loser.stderr.trimEnd().split('\n');
          assert.match(line!, new RegExp(`^another supabase command is working on this project: process ${holder.pid} \\(${first.label}\\), since \\d{4}-\\d\\d-\\d\\dT`));
          assert.deepEqual(rest, ['Wait for it to finish, then run this command again.']);
        } finally {
          writeFileSync(release, '');
        }
        assert.equal(await holderExit, 0, `${first.label} did not proceed: ${holderErr}`);
        rmSync(release, { force: true });
        rmSync(`${release}.paused`, { force: true });
      });
    }
  }
});
