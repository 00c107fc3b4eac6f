/**
 * `supabase test db [paths...]` (and the hidden `db test`): runs the pgTAP files under
 * supabase/tests against the chosen database with the built-in pg_prove harness (facts §5.15).
 */
import path from 'node:path';
import type { CommandContext } from '../context.js';
import { resolveDbTarget } from '../db-target.js';

/** Runs the tests; returns 1 when any file fails, errors or breaks its plan. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const target = await resolveDbTarget(ctx);
  const { collectTestFiles } = await import('../../tasks/testing/test-files.js');
  const { prove } = await import('../../tasks/testing/prove.js');
  const testsDir = path.join(ctx.projectRoot, 'supabase', 'tests');
  const files = await collectTestFiles(testsDir, ctx.args, ctx.projectRoot);
  ctx.io.stderr(target.isLocal ? 'Connecting to local database...\n' : 'Connecting to remote database...\n');
  const report = await prove({
    connectionString: target.url,
    testsDir,
    files,
    verbose: ctx.globals.debug,
    env: ctx.env,
    stdout: ctx.io.stdout,
    stderr: ctx.io.stderr,
  });
  return report.passed ? 0 : 1;
}
