/** The three lines both network-restrictions commands print: the IPv4 and IPv6
 * ranges, then whether the platform applied them. */
import type { components } from '../../tasks/management-api/client/management-api.gen.js';
import { goList } from './go-list.js';

export function describeRestrictions(answer: components['schemas']['NetworkRestrictionsResponse']): string {
  return [
    `DB Allowed IPv4 CIDRs: ${goList(answer.config.dbAllowedCidrs)}`,
    `DB Allowed IPv6 CIDRs: ${goList(answer.config.dbAllowedCidrsV6)}`,
    `Restrictions applied successfully: ${answer.status === 'applied'}`,
  ].join('\n') + '\n';
}
