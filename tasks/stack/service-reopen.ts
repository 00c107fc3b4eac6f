/**
 * A start says afresh what each service is, but the service machine takes a start's events only
 * from a state no start is running in (stopped, excluded, unavailable): a service an earlier start
 * left failed or half started (a pg-meta whose start failed stays `starting`) would take this
 * start's SERVICE_EXCLUDED or SERVICE_STARTING into the void, and `status` would go on reporting
 * the old verdict (`Exited: pg-meta` under `-x postgres-meta`). Every such service is set back to
 * `stopped` first, at the top of the start. Excluded and unavailable services need nothing: the
 * journal would otherwise gain a line for each of them at every start.
 */
import { stackProjection } from '../../machines/journal/projections/stack.projection.js';
import type { Outcome, StepContext } from '../orchestration/orchestration-types.js';

/** States from which the service machine takes a new start's events as they are. */
const SETTLED = new Set(['stopped', 'excluded', 'unavailable']);

/** Records SERVICE_STOPPED for every service an earlier start left running, starting or failed. */
export function reopenServices(step: Pick<StepContext, 'fold' | 'record'>): void {
  const services = Object.values(stackProjection(step.fold()).services);
  const stale = services.filter((service) => !SETTLED.has(service.state)).map((service) => service.name);
  if (stale.length > 0) step.record(stale.map((service): Outcome => ({ type: 'SERVICE_STOPPED', data: { service, detail: 'started again' } })));
}
