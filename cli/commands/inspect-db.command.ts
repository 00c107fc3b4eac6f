/**
 * `supabase inspect db <report>`: one handler for all 19 reports, picked from the command path.
 * Prints a table; with `-o json` it prints the rows as JSON objects keyed by column header instead
 * (an addition: the original has no machine-readable output here).
 */
import type { CommandContext } from '../context.js';
import { chooseTarget } from '../db-session.js';
import { renderTable } from '../output/table.js';

/** Runs the report named by the last word of ctx.path. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const name = ctx.path.split(' ').pop() ?? '';
  const target = await chooseTarget(ctx);
  const { runReport } = await import('../../tasks/inspect/run-report.js');
  const result = await runReport(target.url, name);
  if (ctx.flags.output === 'json') {
    const objects = result.cells.map((row, index) =>
      Object.fromEntries(result.columns.map((column, i) => [column, result.raw[index][i] === null ? null : row[i]])),
    );
    ctx.io.stdout(`${JSON.stringify(objects, null, 2)}\n`);
    return;
  }
  ctx.io.stdout(renderTable(result.columns, result.cells));
  if (result.after) ctx.io.stdout(result.after);
}
