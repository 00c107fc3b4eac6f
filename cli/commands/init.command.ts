/**
 * `supabase init`: writes supabase/config.toml, supabase/seed.sql and (in a git repository) the
 * supabase/.gitignore block, then optionally the VS Code settings for Deno, as the original's init
 * writes them.
 */
import type { CommandContext } from '../context.js';
import { UsageError } from '../errors.js';
import { confirm } from '../prompt.js';

/** Runs init in ctx.projectRoot (the workdir, never a parent project). */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { initProject } = await import('../../tasks/project/init-project.js');
  if (ctx.flags['use-orioledb'] === true && !ctx.globals.experimental) {
    throw new UsageError('required flag(s) "experimental" not set');
  }
  // The hidden --with-vscode-workspace is the older name of the same setting.
  const given = ['with-vscode-settings', 'with-vscode-workspace'].filter((name) => ctx.changed.has(name));
  const withVscodeSettings = given.length === 0 ? undefined : given.some((name) => ctx.flags[name] === true);
  const result = await initProject(ctx.projectRoot, {
    useOrioledb: ctx.flags['use-orioledb'] === true,
    withVscodeSettings,
    confirmVscode: () => confirm(ctx, 'Generate VS Code settings for Deno?', false),
  });
  if (result.vscodeWritten) {
    ctx.io.stdout('Generated VS Code settings in .vscode/settings.json. Please install the recommended extension!\n');
  }
  ctx.io.stdout('Finished supabase init.\n');
}
