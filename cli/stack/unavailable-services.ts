/** The stderr note that names services that are not running, so nobody mistakes them for running. */
import type { CommandContext } from '../context.js';
import type { StackProjection } from '../../machines/journal/projections/stack.projection.js';
import type { StackService } from '../../machines/service.machine.js';

/**
 * Prints which services are unavailable on this runtime, excluded or unhealthy (as the journal
 * tells), still loading, or gone: started, by the journal's account, but their process has exited
 * (`exited`, with each one's log), and processes beside them that died (`exitedBeside`).
 */
export function printUnavailable(
  ctx: CommandContext,
  stack: StackProjection,
  running: ReadonlySet<StackService>,
  exited: ReadonlyMap<StackService, string> = new Map(),
  exitedBeside: ReadonlyMap<string, string> = new Map(),
): void {
  const services = Object.values(stack.services);
  const named = (state: string) => services.filter((service) => service.state === state).map((service) => service.name);
  const lines: Array<[string, string[]]> = [
    ['Not available on the native runtime (container images only)', named('unavailable')],
    ['Excluded', named('excluded')],
    ['Unhealthy', named('unhealthy')],
  ];
  for (const [label, names] of lines) if (names.length > 0) ctx.io.stderr(`${label}: ${names.join(', ')}\n`);
  const started = [...named('starting'), ...named('healthy')].filter((name) => !running.has(name));
  const gone: Array<[string, string]> = [...started.filter((service) => exited.has(service)).map((name): [string, string] => [name, exited.get(name)!]), ...exitedBeside];
  // start on a running stack starts again what has exited (cli/stack/stack-revive.ts).
  for (const [name, log] of gone) ctx.io.stderr(`Exited: ${name} (its log: ${log}). Run supabase start to start it again.\n`);
  // Started without waiting (postgres-meta on the native runtime) and not answering yet.
  const loading = named('starting').filter((name) => !running.has(name) && !exited.has(name));
  if (loading.length > 0) {
    const when = loading.length > 1 ? 'their URLs once they answer' : 'its URL once it answers';
    ctx.io.stderr(`Still loading: ${loading.join(', ')} (supabase status shows ${when})\n`);
  }
  // Services the native runtime runs in place of a container say what they are, when they answer.
  const natives: Array<[StackService, string, string]> = [
    ['studio', 'Studio port', 'Studio and local platform API'],
    ['inbucket', 'Inbucket', 'mail catcher'],
    ['kong', 'Kong', 'API gateway'],
  ];
  for (const [name, label, prefix] of natives) {
    const service = stack.services[name];
    if (service.state === 'healthy' && running.has(name) && service.detail?.startsWith(prefix)) ctx.io.stderr(`${label}: ${service.detail}\n`);
  }
}
