/** The status block that `start` and `status` print, through the shared renderer. */
import type { CommandContext } from '../context.js';
import { renderOutput } from '../output/render.js';
import { UserError } from '../errors.js';
import type { StackService } from '../../machines/service.machine.js';
import type { RuntimeName, StackProject } from '../../tasks/stack/stack-runtime.js';

/**
 * On the native runtime the keys and the API URL are still shown: they come from the project's
 * config and are what clients are configured with (the services behind them are named as
 * unavailable on stderr).
 */
const NATIVE_SHOWN: ReadonlySet<StackService> = new Set(['auth', 'rest']);

/** `key=NAME` pairs of --override-name. */
export function parseOverrides(pairs: readonly string[]): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const pair of pairs) {
    const split = pair.indexOf('=');
    if (split <= 0) throw new UserError(`Invalid override name: ${pair}`, 'Write it as key=NAME, for example api.url=NEXT_PUBLIC_SUPABASE_URL.');
    overrides[pair.slice(0, split)] = pair.slice(split + 1);
  }
  return overrides;
}

/** Prints the status values in the requested format (pretty labels, or a sorted flat map). */
export async function printStatus(
  ctx: CommandContext,
  project: StackProject,
  format: string,
  runtime: { name: RuntimeName; running: ReadonlySet<StackService> },
): Promise<void> {
  const { statusEntries, statusPrettyLines, statusVariables } = await import('../../tasks/keys/status-values.js');
  const shown = runtime.name === 'native' ? NATIVE_SHOWN : runtime.running;
  // On the native runtime functions answer only while `functions serve` runs; shown only then.
  const functions = runtime.name === 'native' && (await import('../../tasks/functions/native/router-health.js').then((m) => m.servedFunctionsUrl(project.config))) !== undefined;
  const entries = statusEntries(project.config, { isRunning: (service) => (service === 'functions' ? functions : shown.has(service)) });
  const variables = statusVariables(entries, parseOverrides((ctx.flags['override-name'] as string[] | undefined) ?? []));
  // The original encodes a map, whose keys come out sorted.
  const sorted = Object.fromEntries(Object.entries(variables).sort(([a], [b]) => (a < b ? -1 : 1)));
  ctx.io.stdout(await renderOutput(format, { value: sorted, pretty: () => statusPrettyLines(entries).join('\n') + '\n' }));
}
