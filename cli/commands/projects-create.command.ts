/**
 * `supabase projects create [name]` (POST /v1/projects). In a terminal it asks for whatever the command
 * line left out (name, organization, region, database password); otherwise, or with
 * --interactive=false, the name and --org-id, --db-password and --region are all required.
 * The hidden --plan is accepted and, as in the original, never sent.
 */
import type { CommandContext } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { managementApi } from '../../tasks/management-api/client/command-client.js';
import { canPrompt } from '../management-api/project-api.js';
import { askSecret, askText, choose } from '../prompt.js';
import { PROJECT_REGIONS } from '../registry/platform-flags.js';
import { expectStatus, type ManagementClient } from '../../tasks/management-api/client/client.js';
import { dashboardUrl } from '../../tasks/management-api/client/hosts.js';
import type { components } from '../../tasks/management-api/client/management-api.gen.js';

type CreateProjectBody = components['schemas']['CreateProjectBody'];

/** Flags a run without prompts must have, in the order cobra names missing ones (sorted). */
const REQUIRED_WITHOUT_PROMPTS = ['db-password', 'org-id', 'region'];

export default async function run(ctx: CommandContext): Promise<void> {
  const interactive = ctx.flags.interactive !== false;
  if (!canPrompt(ctx) || !interactive) checkComplete(ctx);
  const api = await managementApi(ctx);
  const body: CreateProjectBody = {
    name: ctx.args[0] ?? '',
    organization_id: String(ctx.flags['org-id'] ?? ''),
    db_pass: String(ctx.flags['db-password'] ?? ''),
    region: String(ctx.flags.region ?? '') as CreateProjectBody['region'],
  };
  // Like the original, the interactive mode also runs without a terminal, where every value is given and it only reports them.
  if (interactive) await completeByPrompts(ctx, api, body);
  const project = await expectStatus('creating project', api.POST('/v1/projects', { body }), [201]);
  ctx.io.stdout(`Created a new project ${project.name} at ${dashboardUrl(ctx.env)}/project/${project.id}\n`);
}

/** Without prompts, the name and every value of the body must be on the command line. */
function checkComplete(ctx: CommandContext): void {
  if (ctx.args.length !== 1) throw new UsageError(`accepts 1 arg(s), received ${ctx.args.length}`);
  // The password may also come from SUPABASE_DB_PASSWORD, which the parser fills in as the flag's value.
  const missing = REQUIRED_WITHOUT_PROMPTS.filter((name) => !ctx.changed.has(name) && !ctx.flags[name]);
  if (missing.length > 0) throw new UsageError(`required flag(s) ${missing.map((name) => `"${name}"`).join(', ')} not set`);
}

/** Asks for what is missing and echoes the choices on stderr, labels padded as the original pads them. */
async function completeByPrompts(ctx: CommandContext, api: ManagementClient, body: CreateProjectBody): Promise<void> {
  const report = (label: string, value: string) => ctx.io.stderr(`${`${label}:`.padEnd(21)}${value}\n`);
  if (body.name) report('Creating project', body.name);
  else {
    body.name = (await askText('Enter your project name:')).trim();
    if (!body.name) throw new UserError('project name cannot be empty');
  }
  if (!ctx.changed.has('org-id')) body.organization_id = await chooseOrganization(api);
  report('Selected org-id', body.organization_id);
  if (!ctx.changed.has('region')) {
    body.region = await choose(
      'Which region do you want to host the project in?',
      Object.entries(PROJECT_REGIONS).map(([code, label]) => ({ value: code as CreateProjectBody['region'], name: code, description: label })),
    );
  }
  report('Selected region', body.region);
  if (!body.db_pass) body.db_pass = await askSecret(ctx, 'Enter your database password: ');
}

async function chooseOrganization(api: ManagementClient): Promise<string> {
  const orgs = await expectStatus('retrieving organizations', api.GET('/v1/organizations'), [200]);
  if (orgs.length === 0) throw new UserError('No organizations found.', 'Create one first with supabase orgs create <name>.');
  return choose(
    'Which organisation do you want to create the project for?',
    orgs.map((org) => ({ value: org.id, name: org.name, description: org.id })),
  );
}
