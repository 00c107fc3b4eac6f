/** Edge Functions: scaffold and serve them locally, then deploy, list, download and delete them on a hosted project. */
import { commandGroup } from '../platform-flags.js';
import { projectRefFlag } from '../shared-flags.js';
import type { CommandSpec, FlagSpec } from '../types.js';

const FUNCTION_NAME = '<Function name>';

/** `--import-map`, shared by serve and deploy. */
function importMapFlag(): FlagSpec {
  return {
    name: 'import-map',
    type: 'string',
    description: 'Import map file to resolve bare module specifiers with, overriding the one from config.toml.',
  };
}

/** `--no-verify-jwt`, shared by serve and deploy. */
function noVerifyJwtFlag(effect: string): FlagSpec {
  return { name: 'no-verify-jwt', type: 'bool', description: `Skip the check for a valid JWT in the Authorization header ${effect}.` };
}

export const functionsCommands: CommandSpec[] = commandGroup(
  {
    path: 'functions',
    summary: 'Create, run and deploy Edge Functions',
    description:
      'Edge Functions live in supabase/functions/<name>/index.ts. `new` and `serve` work on this machine only; ' +
      'the other commands act on a hosted project and need an access token.',
    links: [{ name: 'Edge Functions guide', link: 'https://supabase.com/docs/guides/functions' }],
  },
  [
    {
      name: 'list',
      summary: 'Show the Edge Functions deployed to a project',
      description:
        'Prints a table of every function of the project with its id, slug, status, version and when it last ' +
        'changed (UTC). The linked project is used unless --project-ref names another.',
      flags: [projectRefFlag()],
      examples: [
        {
          id: 'basic-usage',
          name: 'List the linked project\'s functions',
          code: 'supabase functions list',
        },
      ],
      load: () => import('../../commands/functions-list.command.js'),
    },
    {
      name: 'delete',
      summary: 'Remove a deployed Edge Function from a project',
      description:
        'Deletes the function with the given slug from the hosted project. Only the deployment goes away; ' +
        'the source under supabase/functions is left alone.',
      args: { min: 1, max: 1, usage: FUNCTION_NAME },
      flags: [projectRefFlag()],
      examples: [
        {
          id: 'basic-usage',
          name: 'Delete a function',
          code: 'supabase functions delete hello-world',
          response: 'Deleted Function hello-world from project abcdefghijklmnopqrst.',
        },
      ],
      load: () => import('../../commands/functions-delete.command.js'),
    },
    {
      name: 'download',
      summary: 'Fetch a deployed Edge Function\'s source into supabase/functions',
      description:
        'Downloads the deployed eszip bundle of the function and writes its source files back into ' +
        'supabase/functions/<name>. Functions deployed by a CLI older than 1.120.0 used another format, which the ' +
        'original unpacks with --legacy-bundle and a Deno binary downloaded at run time; this build does not offer that.',
      args: { min: 1, max: 1, usage: FUNCTION_NAME },
      flags: [
        projectRefFlag(),
        {
          name: 'legacy-bundle',
          type: 'bool',
          description: 'Unpack with the older Deno-based extractor, for functions deployed by CLI versions before 1.120.0.',
        },
      ],
      examples: [
        { id: 'basic-usage', name: 'Download a function', code: 'supabase functions download hello-world' },
        {
          id: 'legacy-bundle',
          name: 'Download a function deployed by an old CLI',
          code: 'supabase functions download hello-world --legacy-bundle',
          response: 'Downloaded Function hello-world from project abcdefghijklmnopqrst.',
        },
      ],
      load: () => import('../../commands/functions-download.command.js'),
    },
    {
      name: 'deploy',
      summary: 'Bundle Edge Functions and upload them to a project',
      description:
        'Bundles each named function into an eszip and creates or updates it on the hosted project. With no ' +
        'names, every folder of supabase/functions that has an index.ts is deployed. When --no-verify-jwt is not ' +
        'given, each function\'s [functions.<name>] verify_jwt setting in config.toml decides.',
      args: { min: 0, max: Infinity, usage: '[Function name] ...' },
      flags: [
        noVerifyJwtFlag('of requests to the deployed functions'),
        projectRefFlag(),
        { name: 'legacy-bundle', type: 'bool', hidden: true, description: 'Accepted for compatibility; deploy ignores it.' },
        importMapFlag(),
      ],
      examples: [
        {
          id: 'single-function',
          name: 'Deploy one function',
          code: 'supabase functions deploy hello-world',
          response:
            'Bundling hello-world\n' +
            'Deploying hello-world (script size: 1.2kB)\n' +
            'Deployed Function hello-world on project abcdefghijklmnopqrst\n' +
            'You can inspect your deployment in the Dashboard: https://supabase.com/dashboard/project/abcdefghijklmnopqrst/functions/hello-world/details',
        },
        { id: 'all-functions', name: 'Deploy every function of the folder', code: 'supabase functions deploy' },
        { id: 'public-webhook', name: 'Deploy a webhook that callers reach without a JWT', code: 'supabase functions deploy stripe-webhook --no-verify-jwt' },
      ],
      load: () => import('../../commands/functions-deploy.command.js'),
    },
    {
      name: 'new',
      summary: 'Scaffold a new Edge Function',
      description:
        'Writes supabase/functions/<name>/index.ts with a small Deno handler that greets the name posted to it, ' +
        'and a curl command for trying it on the local stack. It works offline and fails if the file already exists.',
      args: { min: 1, max: 1, usage: FUNCTION_NAME },
      requiresLogin: false,
      examples: [
        {
          id: 'basic-usage',
          name: 'Create a function',
          code: 'supabase functions new hello-world',
          response: 'Created new Function at supabase/functions/hello-world',
        },
      ],
      load: () => import('../../commands/functions-new.command.js'),
    },
    {
      name: 'serve',
      summary: 'Serve every Edge Function on the local stack',
      description:
        'Serves all functions of supabase/functions next to the running local stack at ' +
        'http://127.0.0.1:54321/functions/v1/<name> until interrupted, picking up edits as you save. On the docker ' +
        'runtime that is the edge-runtime container; on the native runtime each function runs in its own Deno ' +
        'process. Environment variables come from --env-file or, when present, supabase/functions/.env; names may ' +
        'not start with SUPABASE_.',
      requiresLogin: false,
      flags: [
        noVerifyJwtFlag('of requests to every served function'),
        { name: 'env-file', type: 'string', description: 'Dotenv file whose variables the functions see (default: supabase/functions/.env when it exists).' },
        importMapFlag(),
        { name: 'all', type: 'bool', default: true, hidden: true, description: 'Accepted for compatibility; every function is always served.' },
      ],
      examples: [
        { id: 'basic-usage', name: 'Serve the functions', code: 'supabase functions serve' },
        { id: 'with-env-file', name: 'Serve with variables from a file', code: 'supabase functions serve --env-file ./supabase/.env.local' },
      ],
      load: () => import('../../commands/functions-serve.command.js'),
    },
  ],
);
