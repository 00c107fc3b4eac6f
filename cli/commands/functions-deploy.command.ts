/**
 * `functions deploy [slug...]` (the original's eszip upload): bundles each function as an eszip and
 * creates or updates it on the project.
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { validateSlug } = await import('../../tasks/functions/function-slug.js');
  const { localFunctionSlugs } = await import('../../tasks/functions/function-slugs.js');
  const { importMapFor } = await import('../../tasks/functions/import-map-file.js');
  const { verifiesJwt } = await import('../../tasks/functions/served-functions.js');
  const { deployWithRetries } = await import('../../tasks/functions/deploy-function.js');
  const { loadLocalProject } = await import('../stack/local-project.js');
  const { projectApi } = await import('../management-api/project-api.js');
  const { dashboardUrl } = await import('../../tasks/management-api/client/hosts.js');
  const { root, config } = await loadLocalProject(ctx);
  const slugs = ctx.args.length > 0 ? ctx.args.map(validateSlug) : await localFunctionSlugs(root);
  if (slugs.length === 0) throw new UserError('No Functions specified or found in supabase/functions', 'Create one with supabase functions new <name>.');
  const { ref, api } = await projectApi(ctx);
  const flag = typeof ctx.flags['import-map'] === 'string' && ctx.flags['import-map'] !== '' ? ctx.flags['import-map'] : undefined;
  const noVerifyJwt = ctx.changed.has('no-verify-jwt') ? ctx.flags['no-verify-jwt'] === true : undefined;
  // One at a time, as the original: the platform cannot take parallel deploys of one project.
  for (const slug of slugs) {
    await deployWithRetries(api, {
      root,
      ref,
      slug,
      verifyJwt: verifiesJwt(config, slug, noVerifyJwt),
      importMap: importMapFor(root, config, slug, flag),
      say: (line) => ctx.io.stdout(`${line}\n`),
    });
    ctx.io.stdout(`Deployed Function ${slug} on project ${ref}\n`);
    ctx.io.stdout(`You can inspect your deployment in the Dashboard: ${dashboardUrl(ctx.env)}/project/${ref}/functions/${slug}/details\n`);
  }
}
