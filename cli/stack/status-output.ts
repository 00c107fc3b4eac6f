/** The status block that `start` and `status` print, through the shared renderer. */
import type { CommandContext } from '../context.js';
import { renderOutput } from '../output/render.js';
import { UserError } from '../errors.js';
import type { StackService } from '../../machines/service.machine.js';
import type { RuntimeName, StackProject } from '../../tasks/stack/stack-runtime.js';

/**
 * On the native runtime the keys are still shown: they come from the project's config and are
 * what clients are configured with. URLs are shown only where something answers (below).
 */
const NATIVE_SHOWN: ReadonlySet<StackService> = new Set(['auth']);

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

/**
 * Prints the status values in the requested format (pretty labels, or a sorted flat map). An
 * entry whose value is a URL is printed only when its port answers now: output never names a
 * service that is not there (the API gateway on the native runtime, say). `probe: false` is for a
 * caller that has just seen `running` answer (start), and trusts it.
 */
export async function printStatus(
  ctx: CommandContext,
  project: StackProject,
  format: string,
  runtime: { name: RuntimeName; running: ReadonlySet<StackService> },
  options: { probe?: boolean } = {},
): Promise<void> {
  const { statusEntries, statusPrettyLines, statusVariables } = await import('../../tasks/keys/status-values.js');
  const shown = runtime.name === 'native' ? new Set([...NATIVE_SHOWN, ...runtime.running]) : runtime.running;
  // On the native runtime functions answer only while `functions serve` runs; shown only then.
  const functions = runtime.name === 'native' && (await servesFunctions(project, shown.has('kong')));
  // postgres-meta has a port of its own only on the native runtime (a container publishes none).
  const pgMetaPort = runtime.name === 'native' && shown.has('pg-meta') ? await recordedPgMetaPort(project) : undefined;
  const listed = statusEntries(project.config, { isRunning: (service) => (service === 'functions' ? functions : shown.has(service)), pgMetaPort });
  const entries = options.probe === false ? listed : await answering(listed);
  const variables = statusVariables(entries, parseOverrides((ctx.flags['override-name'] as string[] | undefined) ?? []));
  // The original encodes a map, whose keys come out sorted.
  const sorted = Object.fromEntries(Object.entries(variables).sort(([a], [b]) => (a < b ? -1 : 1)));
  ctx.io.stdout(await renderOutput(format, { value: sorted, pretty: () => statusPrettyLines(entries).join('\n') + '\n' }));
}

/** The entries whose URL's port answers (probed at once, in parallel); entries without a URL stay. */
async function answering<T extends { value: string }>(entries: T[]): Promise<T[]> {
  const { portAnswers } = await import('../../tasks/net/port-answers.js');
  const verdicts = await Promise.all(entries.map(async (entry) => {
    const url = /^[a-z]+:\/\//i.test(entry.value) ? new URL(entry.value) : undefined;
    if (!url) return true;
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    // The configured hostname may name this machine differently; every local service listens on loopback.
    return (await portAnswers(url.hostname, port, 300)) || (url.hostname !== '127.0.0.1' && (await portAnswers('127.0.0.1', port, 300)));
  }));
  return entries.filter((_entry, index) => verdicts[index]);
}

/** The port the project's native postgres-meta was started on. */
async function recordedPgMetaPort(project: StackProject): Promise<number | undefined> {
  const { pgMetaUrl } = await import('../../tasks/pg-meta/pg-meta-process.js');
  const url = await pgMetaUrl(project.config.project_id, project.env);
  return url ? Number(new URL(url).port) : undefined;
}

/**
 * Whether a native `functions serve` answers: its port first (cheap when nothing listens), then its
 * health path. Behind a running gateway it is reached only through the record it writes
 * (functions-upstream.ts), which the gateway reads per request: without a live one the gateway
 * answers 503, so it is not asked (every native start paid 30-50 ms for that request and for
 * loading fetch, before printing anything).
 */
async function servesFunctions(project: StackProject, gatewayRuns: boolean): Promise<boolean> {
  if (gatewayRuns) {
    const { functionsRecordFile, readFunctionsUpstream } = await import('../../tasks/api/gateway/functions-upstream.js');
    if (!(await readFunctionsUpstream(functionsRecordFile(project.config.project_id, project.env)))) return false;
  }
  const { portAnswers } = await import('../../tasks/net/port-answers.js');
  if (!(await portAnswers(project.config.hostname, project.config.api.port, 300))) return false;
  const { servedFunctionsUrl } = await import('../../tasks/functions/native/router-health.js');
  return (await servedFunctionsUrl(project.config)) !== undefined;
}
