/**
 * The response a REST request gets from its statement's row, as PostgREST v12.0.1's Response.hs
 * writes it per action: statuses (200/201/204/206/416), Content-Range, Location,
 * Preference-Applied, bodies left out for HEAD, minimal returns and void functions, and the
 * response.status / response.headers settings winning.
 */
import assert from 'node:assert/strict';
import type { RestRequest, StatementResult } from '../../tasks/api/rest/rest-request.js';
import { restResponse, type ResponseFacts } from '../../tasks/api/rest/http/respond.js';

const row = (fields: Partial<StatementResult>): StatementResult => ({
  total_result_set: null, page_total: '0', body: null, location: null, response_headers: null, response_status: null, response_inserted: null, ...fields,
});
const base = { target: { schema: 'public', name: 'todos' }, query: { read: { select: [], filters: [], order: [], ranges: [] }, rpcArgs: [] }, media: 'json' as const, range: { offset: 0 } };
const facts: ResponseFacts = { media: { media: 'json', stripNulls: false }, profile: { schema: 'public', negotiated: false }, resolutionApplies: true, returnsVoid: false };
const payload = { json: '{}', columns: [], array: false };

describe('REST responses', () => {
  it('answers reads with Content-Range, 206 for a partial count, 416 past it, no body for HEAD', () => {
    const read: RestRequest = { ...base, action: 'read', headOnly: false, preferences: { count: 'exact' } };
    const partial = restResponse({ ...read, range: { offset: 0, limit: 2 } }, row({ page_total: '2', total_result_set: '5', body: '[1,2]' }), facts);
    assert.deepEqual(partial, { status: 206, headers: { 'Content-Range': '0-1/5', 'Preference-Applied': 'count=exact', 'Content-Type': 'application/json; charset=utf-8' }, body: '[1,2]' });
    const past = restResponse({ ...read, range: { offset: 9 } }, row({ page_total: '0', total_result_set: '5', body: '[]' }), facts);
    assert.equal(past.status, 416);
    assert.equal(JSON.parse(past.body).details, 'An offset of 9 was requested, but there are only 5 rows.');
    const head = restResponse({ ...read, headOnly: true, preferences: {} }, row({ page_total: '3', body: '[1,2,3]' }), facts);
    assert.deepEqual([head.status, head.headers['Content-Range'], head.body], [200, '0-2/*', '']);
    const stripped = restResponse({ ...read, media: 'object', preferences: {} }, row({ page_total: '1', body: '{"a":null,"b":{"c":null,"d":1}}' }), { ...facts, media: { media: 'object', stripNulls: true } });
    assert.equal(stripped.body, '{"b":{"d":1}}');
  });

  it('answers inserts 201 with Location and upserts that inserted nothing 200', () => {
    const insert: RestRequest = { ...base, action: 'insert', payload, preferences: { return: 'headers-only' } };
    assert.deepEqual(restResponse(insert, row({ page_total: '1', location: 'id=eq.7' }), facts), {
      status: 201, headers: { Location: '/todos?id=eq.7', 'Content-Range': '*/*', 'Preference-Applied': 'return=headers-only' }, body: '',
    });
    const upsert: RestRequest = { ...insert, preferences: { return: 'representation', resolution: 'merge-duplicates', count: 'exact' } };
    const merged = restResponse(upsert, row({ page_total: '2', body: '[{},{}]', response_inserted: '0' }), facts);
    assert.deepEqual([merged.status, merged.headers['Content-Range'], merged.headers['Preference-Applied'], merged.body], [200, '*/2', 'resolution=merge-duplicates, return=representation, count=exact', '[{},{}]']);
  });

  it('answers updates and deletes 204 unless asked for the rows, and void functions 204', () => {
    const update: RestRequest = { ...base, action: 'update', payload, preferences: {} };
    assert.deepEqual(restResponse(update, row({ page_total: '3' }), facts), { status: 204, headers: { 'Content-Range': '0-2/*' }, body: '' });
    const del: RestRequest = { ...base, action: 'delete', preferences: { return: 'representation' } };
    assert.deepEqual(restResponse(del, row({ page_total: '1', body: '[{"id":1}]' }), facts).status, 200);
    const call: RestRequest = { ...base, action: 'call', method: 'POST', preferences: {} };
    assert.deepEqual(restResponse(call, row({ page_total: '1', body: '""' }), { ...facts, returnsVoid: true }), { status: 204, headers: { 'Content-Range': '0-0/*' }, body: '' });
  });

  it('lets the SQL set the status and headers', () => {
    const read: RestRequest = { ...base, action: 'read', headOnly: false, preferences: {} };
    const response = restResponse(read, row({ page_total: '1', body: '[1]', response_status: '418', response_headers: '[{"Content-Type":"text/plain"}]' }), facts);
    assert.deepEqual([response.status, response.headers['Content-Type']], [418, 'text/plain']);
  });
});
