/** `supabase test new <name>`: writes a pgTAP skeleton to supabase/tests/<name>_test.sql, as the original. */
import type { CommandContext } from '../context.js';

/** Creates the test file, refusing to overwrite one that exists. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { createTestFile } = await import('../../tasks/testing/new-test.js');
  const template = typeof ctx.flags.template === 'string' ? ctx.flags.template : 'pgtap';
  const relative = await createTestFile(ctx.projectRoot, ctx.args[0], template);
  ctx.io.stdout(`Created new ${template} test at ${relative}.\n`);
}
