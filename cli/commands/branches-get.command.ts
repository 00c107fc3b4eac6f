/** `branches get <id>`: how to connect to a preview branch; secrets the platform withholds show as ******. */
import type { CommandContext } from '../context.js';
import { managementApi } from '../../tasks/management-api/client/command-client.js';
import { renderTable } from '../output/table.js';

const HEADERS = ['HOST', 'PORT', 'USER', 'PASSWORD', 'JWT SECRET', 'POSTGRES VERSION', 'STATUS'];
const MASKED = '******';

export default async function run(ctx: CommandContext): Promise<void> {
  const { expectStatus } = await import('../../tasks/management-api/client/client.js');
  const api = await managementApi(ctx);
  const branch = await expectStatus(
    'retrieving preview branch',
    api.GET('/v1/branches/{branch_id}', { params: { path: { branch_id: ctx.args[0] } } }),
    [200],
  );
  const row = [branch.db_host, String(branch.db_port), branch.db_user ?? MASKED, branch.db_pass ?? MASKED, branch.jwt_secret ?? MASKED, branch.postgres_version, branch.status];
  ctx.io.stdout(renderTable(HEADERS, [row]));
}
