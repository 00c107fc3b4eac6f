/**
 * `supabase machines [NAME] --format mermaid|dot|json` (hidden, for maintainers): the state
 * machines drawn from their own definitions, so the diagrams cannot drift from the code.
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';

/** Prints one machine, or all of them, in the chosen diagram format. */
export default async function run(ctx: CommandContext): Promise<number> {
  const { MACHINE_DEFINITIONS, findMachine } = await import('../../machines/registry.js');
  const { DIAGRAM_FORMATS, renderDiagrams } = await import('../../machines/diagram/render-diagram.js');
  const format = (ctx.flags['format'] as string | undefined) ?? 'mermaid';
  if (!(DIAGRAM_FORMATS as readonly string[]).includes(format)) {
    throw new UserError(`unknown diagram format "${format}"`, `Use one of: ${DIAGRAM_FORMATS.join(', ')}.`);
  }
  const name = ctx.args[0];
  const definitions = name === undefined ? MACHINE_DEFINITIONS : [findMachine(name)].filter((found) => found !== undefined);
  if (definitions.length === 0) {
    throw new UserError(`unknown machine "${name}"`, `Known machines: ${MACHINE_DEFINITIONS.map((definition) => definition.name).join(', ')}.`);
  }
  ctx.io.stdout(renderDiagrams(definitions, format as (typeof DIAGRAM_FORMATS)[number]));
  return 0;
}
