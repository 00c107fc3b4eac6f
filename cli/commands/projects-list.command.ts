/**
 * `supabase projects list` (GET /v1/projects): every project the token can see, with a dot on the one this
 * folder is linked to. An unlinked folder only costs a warning on stderr; the listing still prints.
 */
import type { CommandContext } from '../context.js';
import { managementApi } from '../../tasks/management-api/client/command-client.js';
import { renderTable } from '../output/table.js';
import { formatTimestamp } from '../output/timestamp.js';
import { NOT_LINKED, readLinkedRef } from '../project-ref.js';
import { PROJECT_REGIONS } from '../registry/platform-flags.js';
import { expectStatus } from '../../tasks/management-api/client/client.js';

const HEADERS = ['LINKED', 'ORG ID', 'REFERENCE ID', 'NAME', 'REGION', 'CREATED AT (UTC)'];
const LINKED_MARK = '  ●';

export default async function run(ctx: CommandContext): Promise<void> {
  const api = await managementApi(ctx);
  const projects = await expectStatus('retrieving projects', api.GET('/v1/projects'), [200]);
  const linked = await linkedRefOrWarning(ctx);
  const rows = projects.map((project) => [
    project.id === linked ? LINKED_MARK : ' ',
    project.organization_id,
    project.id,
    project.name,
    regionLabel(project.region),
    formatTimestamp(project.created_at),
  ]);
  ctx.io.stdout(`\n${renderTable(HEADERS, rows)}\n`);
}

/** The friendly name of a region the CLI offers, else the code as the API sent it. */
function regionLabel(code: string): string {
  return (PROJECT_REGIONS as Record<string, string>)[code] ?? code;
}

/** The linked ref; when there is none (or it is malformed) the original says so on stderr and goes on. */
async function linkedRefOrWarning(ctx: CommandContext): Promise<string | undefined> {
  try {
    const ref = await readLinkedRef(ctx.projectRoot);
    if (!ref) ctx.io.stderr(`${NOT_LINKED}\n`);
    return ref;
  } catch (error) {
    ctx.io.stderr(`${(error as Error).message}\n`);
    return undefined;
  }
}
