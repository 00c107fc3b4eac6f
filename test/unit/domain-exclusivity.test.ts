import assert from 'node:assert/strict';
import { domainRequestFacts, peerFacts } from '../../machines/domains/exclusivity.js';

describe('custom hostname and vanity subdomain exclude each other', () => {
  it('a vanity subdomain counts as in use while activating, active or being deleted', () => {
    for (const state of ['activating', 'active', 'deleting']) assert.equal(peerFacts(undefined, state).vanitySubdomainActive, true, state);
    for (const state of [undefined, 'unused', 'checking', 'available']) assert.equal(peerFacts(undefined, state).vanitySubdomainActive, false, state);
  });

  it('a custom hostname exists in every state but absent', () => {
    for (const state of ['creating', 'pending', 'reverifying', 'verified', 'activating', 'active', 'deleting']) {
      assert.equal(peerFacts(state, undefined).customHostnameExists, true, state);
    }
    assert.equal(peerFacts('absent', undefined).customHostnameExists, false);
    assert.equal(peerFacts(undefined, undefined).customHostnameExists, false);
  });

  it('a request on one stream carries the fact about the other stream of the same project only', () => {
    const states: Record<string, string> = { 'vanity-subdomain:aaa': 'active', 'custom-hostname:bbb': 'pending' };
    const stateOf = (stream: string) => states[stream];
    assert.deepEqual(domainRequestFacts('custom-hostname:aaa', stateOf), { vanitySubdomainActive: true });
    assert.deepEqual(domainRequestFacts('custom-hostname:bbb', stateOf), { vanitySubdomainActive: false });
    assert.deepEqual(domainRequestFacts('vanity-subdomain:bbb', stateOf), { customHostnameExists: true });
    assert.deepEqual(domainRequestFacts('vanity-subdomain:aaa', stateOf), { customHostnameExists: false });
    assert.deepEqual(domainRequestFacts('stack', stateOf), {});
  });
});
