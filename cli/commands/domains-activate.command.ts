/**
 * `domains activate`: make the verified custom hostname the project's address. The machine refuses
 * it, before any request, unless the last reverify found the hostname verified.
 */
import type { CommandContext } from '../context.js';
import { hostnameStep } from '../hosted/domains-session.js';

export default async function run(ctx: CommandContext): Promise<void> {
  await hostnameStep(ctx, { type: 'ACTIVATE' });
}
