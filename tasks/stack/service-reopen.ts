/**
 * A start says afresh what each service is, but the service machine accepts a start's events only
 * from `stopped`: a service an earlier start left excluded, unavailable, failed or half started
 * (a pg-meta whose start failed stays `starting`) would take this start's SERVICE_EXCLUDED or
 * SERVICE_STARTING into the void, and `status` would go on reporting the old verdict (`Exited:
 * pg-meta` under `-x postgres-meta`). Every such service is set back to `stopped` first, at the
 * top of the start.
 */
import { stackProjection } from '../../machines/journal/projections/stack.projection.js';
import type { Outcome, StepContext } from '../orchestration/orchestration-types.js';

/** Records SERVICE_STOPPED for every service the journal does not already show as stopped. */
export function reopenServices(step: Pick<StepContext, 'fold' | 'record'>): void {
  const services = Object.values(stackProjection(step.fold()).services);
  const stale = services.filter((service) => service.state !== 'stopped').map((service) => service.name);
  if (stale.length > 0) step.record(stale.map((service): Outcome => ({ type: 'SERVICE_STOPPED', data: { service, detail: 'started again' } })));
}
