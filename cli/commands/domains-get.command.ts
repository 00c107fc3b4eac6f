/** `domains get`: the platform's custom hostname configuration; a change made elsewhere is recorded as observed. */
import type { CommandContext } from '../context.js';
import { openDomains } from '../hosted/domains-session.js';
import { recordObserved } from '../hosted/hosted-session.js';
import { hostnameStatusText } from '../management-api/hostname-status.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { readHostnameConfig, hostnameObservation } = await import('../../tasks/management-api/resources/custom-hostname.tasks.js');
  const session = await openDomains(ctx);
  const config = await readHostnameConfig(session.api, session.ref);
  await recordObserved(session, [hostnameObservation(session.streams.hostname, config)]);
  ctx.io.stdout(`${hostnameStatusText(config, ctx.flags['include-raw-output'] === true)}\n`);
}
