/**
 * `supabase test db [paths...]` (and the hidden `db test`): runs the pgTAP files under
 * supabase/tests against the chosen database with the built-in pg_prove harness (the original
 * runs pg_prove in a container).
 * It installs pgTAP for the run when the database lacks it, so it runs under the project's lock,
 * as an operation whose install and removal are recorded steps.
 */
import path from 'node:path';
import type { CommandContext } from '../context.js';
import { resolveDbTarget } from '../db-target.js';
import { prepareSqlSteps, prepareTarget, targetKind } from '../db-session.js';
import { runProjectOperation } from '../project-operation.js';

/** Runs the tests; returns 1 when any file fails, errors or breaks its plan. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const target = await resolveDbTarget(ctx);
  const { collectTestFiles } = await import('../../tasks/testing/test-files.js');
  const { prove } = await import('../../tasks/testing/prove.js');
  const testsDir = path.join(ctx.projectRoot, 'supabase', 'tests');
  await prepareSqlSteps(ctx);
  const report = await runProjectOperation(ctx, { kind: 'test-db', params: { target: targetKind(target) } }, async (operation) => {
    // As in the original, a stack that is down is said first, before anything about the files.
    await prepareTarget(ctx, target, { announce: false });
    const files = await collectTestFiles(testsDir, ctx.args, ctx.projectRoot);
    ctx.io.stderr(target.isLocal ? 'Connecting to local database...\n' : 'Connecting to remote database...\n');
    return prove({
      connectionString: target.url,
      testsDir,
      files,
      verbose: ctx.globals.debug,
      env: ctx.env,
      stdout: ctx.io.stdout,
      stderr: ctx.io.stderr,
      step: operation.step,
    });
  });
  return report.passed ? 0 : 1;
}
