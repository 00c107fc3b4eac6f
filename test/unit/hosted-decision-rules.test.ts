/**
 * The rules hosted commands follow before they ask for a change, as the machines state them:
 * which streams a domain request's decision rests on (what to read from the platform first),
 * that `domains create` is accepted over any settled hostname (the original re-initializes) and
 * refused only by an active vanity subdomain, and the pure check that tells a command the journal
 * alone would refuse.
 */
import assert from 'node:assert/strict';
import { HOSTNAME_BLOCKED_MESSAGE, decisionStreams } from '../../machines/domains/exclusivity.js';
import { foldEvents } from '../../machines/journal/fold.js';
import { acceptsRequest } from '../../machines/journal/request-check.js';
import { refusalOf, viewOf } from '../../machines/journal/state-view.js';

const REF = 'abcdefghijklmnopqrst';
const HOSTNAME = `custom-hostname:${REF}`;
const SUBDOMAIN = `vanity-subdomain:${REF}`;

/** A fold of events given as [stream, type, data]. */
function fold(...events: Array<[string, string, Record<string, unknown>]>) {
  return foldEvents(events.map(([stream, type, data], index) => ({ seq: index + 1, stream, type, data })));
}

describe('hosted decisions: what to observe and what the machines accept', () => {
  it('a hostname CREATE and a subdomain ACTIVATE rest on both streams; the other requests on their own', () => {
    assert.deepEqual(decisionStreams(HOSTNAME, 'CREATE'), [HOSTNAME, SUBDOMAIN]);
    assert.deepEqual(decisionStreams(SUBDOMAIN, 'ACTIVATE'), [SUBDOMAIN, HOSTNAME]);
    for (const type of ['REVERIFY', 'ACTIVATE', 'DELETE']) assert.deepEqual(decisionStreams(HOSTNAME, type), [HOSTNAME]);
    for (const type of ['CHECK', 'DELETE']) assert.deepEqual(decisionStreams(SUBDOMAIN, type), [SUBDOMAIN]);
  });

  it('domains create is accepted over a pending, verified or active hostname', () => {
    for (const status of ['2_initiated', '4_origin_setup_completed', '5_services_reconfigured']) {
      const state = fold([HOSTNAME, 'OBSERVED', { hostname: 'api.example.com', status }]);
      assert.equal(acceptsRequest(state, { stream: HOSTNAME, event: { type: 'CREATE', hostname: 'api.example.com' } }), true, status);
    }
  });

  it('only an active vanity subdomain refuses domains create, with the exclusivity message', () => {
    const state = fold([HOSTNAME, 'OBSERVED', { hostname: 'api.example.com', status: '2_initiated' }], [SUBDOMAIN, 'OBSERVED', { status: 'active', customDomain: 'acme.supabase.co' }]);
    assert.equal(acceptsRequest(state, { stream: HOSTNAME, event: { type: 'CREATE', hostname: 'api.example.com' } }), false);
    assert.equal(refusalOf(viewOf(state, HOSTNAME), 'CREATE'), HOSTNAME_BLOCKED_MESSAGE);
  });

  it('tells when the journal alone would refuse: a subdomain while the journal remembers a hostname', () => {
    const remembered = fold([HOSTNAME, 'CREATE', { hostname: 'api.example.com' }], [HOSTNAME, 'CREATED', { status: '2_initiated' }]);
    assert.equal(acceptsRequest(remembered, { stream: SUBDOMAIN, event: { type: 'ACTIVATE', subdomain: 'acme' } }), false);
    const observedGone = fold([HOSTNAME, 'CREATE', { hostname: 'api.example.com' }], [HOSTNAME, 'CREATED', { status: '2_initiated' }], [HOSTNAME, 'OBSERVED', { status: '1_not_started' }]);
    assert.equal(acceptsRequest(observedGone, { stream: SUBDOMAIN, event: { type: 'ACTIVATE', subdomain: 'acme' } }), true);
  });
});
