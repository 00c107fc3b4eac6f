/** The stderr note that names services the native runtime cannot run, so nobody mistakes them for running. */
import type { CommandContext } from '../context.js';
import type { JournalStore } from '../../tasks/journal/journal-store.js';
import { stackProjection } from '../../machines/journal/projections/stack.projection.js';

/** Prints which services are unavailable (container image only) and which were excluded. */
export function printUnavailable(ctx: CommandContext, journal: JournalStore): void {
  const services = Object.values(stackProjection(journal.replay().fold).services);
  const unavailable = services.filter((service) => service.state === 'unavailable').map((service) => service.name);
  const excluded = services.filter((service) => service.state === 'excluded').map((service) => service.name);
  if (unavailable.length > 0) {
    ctx.io.stderr(`Not available on the native runtime (container images only): ${unavailable.join(', ')}\n`);
  }
  if (excluded.length > 0) ctx.io.stderr(`Excluded: ${excluded.join(', ')}\n`);
}
