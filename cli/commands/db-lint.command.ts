/** `db lint`, as the original: plpgsql_check findings as JSON; exit 0 whatever is found. */
import type { CommandContext } from '../context.js';
import { chooseTarget, withTarget } from '../db-session.js';

/** Lints the chosen schemas (default: every non-internal one). */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { filterByLevel, lintSchemas } = await import('../../tasks/db/lint.js');
  const { INTERNAL_SCHEMAS, listSchemas, schemaList } = await import('../../tasks/db/schemas.js');
  const target = await chooseTarget(ctx);
  const results = await withTarget(target, async (client) => {
    let schemas = schemaList(ctx.flags.schema);
    if (schemas.length === 0) schemas = await listSchemas(client, INTERNAL_SCHEMAS);
    return lintSchemas(client, schemas, (schema) => ctx.io.stderr(`Linting schema: ${schema}\n`));
  });
  const filtered = filterByLevel(results, String(ctx.flags.level ?? 'warning'));
  if (filtered.length === 0) {
    ctx.io.stderr('\nNo schema errors found\n');
    return;
  }
  ctx.io.stdout(`${JSON.stringify(filtered, null, 2)}\n`);
}
