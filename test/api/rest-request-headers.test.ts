/**
 * How the REST layer reads a request's headers and body before any SQL, as PostgREST v12.0.1
 * does: Prefer (first value wins, strict handling), Accept (q order, PGRST107), the profile
 * headers (PGRST106), Range with limit/offset (PGRST103/109/114), Content-Range, the JSON, CSV and
 * form bodies (PGRST102), and the response.status / response.headers settings.
 */
import assert from 'node:assert/strict';
import { ApiError } from '../../tasks/api/common/api-error.js';
import { parsePrefer, preferenceApplied } from '../../tasks/api/rest/http/prefer.js';
import { acceptedTypes, canonicalMime, contentTypeOf, negotiateMedia } from '../../tasks/api/rest/http/media.js';
import { chooseProfile } from '../../tasks/api/rest/http/profile.js';
import { contentRange, readRangeStatus, requestRange } from '../../tasks/api/rest/http/range.js';
import { parsePayload } from '../../tasks/api/rest/http/payload.js';
import { gucHeaders, gucStatus } from '../../tasks/api/rest/http/guc-overrides.js';
import type { ParsedQuery } from '../../tasks/api/rest/query-ast.js';

/** Asserts that `run` throws PostgREST's error with this status and code; returns its body. */
function refuses(run: () => unknown, status: number, code: string): ApiError['body'] {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ApiError, String(error));
    assert.deepEqual([error.status, error.body.code], [status, code]);
    return error.body;
  }
  assert.fail(`expected ${code}`);
}

const query = (ranges: ParsedQuery['read']['ranges'] = [], ordered = false): ParsedQuery => ({
  read: { select: [{ kind: 'star' }], filters: [], order: ordered ? [{ path: [], terms: [{ field: { name: 'id', json: [] } }] }] : [], ranges },
  rpcArgs: [],
});

describe('REST request headers and bodies', () => {
  it('reads Prefer across headers and commas, the first value of each winning', () => {
    assert.deepEqual(parsePrefer(['return=representation, count=exact', 'return=minimal,tx=rollback']), { return: 'representation', count: 'exact', tx: 'rollback' });
    assert.deepEqual(parsePrefer('resolution=merge-duplicates,missing=default,params=single-object'), { resolution: 'merge-duplicates', missing: 'default', params: 'single-object' });
    assert.deepEqual(parsePrefer('nonsense, count=exactly'), {});
    const body = refuses(() => parsePrefer('handling=strict, count=exactly, foo'), 400, 'PGRST122');
    assert.equal(body.details, 'Invalid preferences: count=exactly, foo');
    assert.equal(preferenceApplied({ return: 'representation', count: 'exact', resolution: 'merge-duplicates' }, ['return', 'count', 'resolution']), 'resolution=merge-duplicates, return=representation, count=exact');
    assert.equal(preferenceApplied({ return: 'minimal' }, ['count']), undefined);
  });

  it('negotiates the media by q and refuses what is not produced with PGRST107', () => {
    assert.deepEqual(negotiateMedia(undefined, false), { media: 'json', stripNulls: false });
    assert.deepEqual(negotiateMedia('application/vnd.pgrst.object+json', false), { media: 'object', stripNulls: false });
    assert.deepEqual(negotiateMedia('text/csv;q=0.5, application/vnd.pgrst.object+json;nulls=stripped', false), { media: 'object', stripNulls: true });
    assert.deepEqual(negotiateMedia('text/html, text/csv;q=0.9', false), { media: 'csv', stripNulls: false });
    assert.deepEqual(negotiateMedia('application/openapi+json', true), { media: 'openapi', stripNulls: false });
    assert.equal(refuses(() => negotiateMedia('text/html, application/xml', false), 406, 'PGRST107').message, 'None of these media types are available: text/html, application/xml');
    refuses(() => negotiateMedia('application/openapi+json', false), 406, 'PGRST107');
    assert.equal(contentTypeOf({ media: 'object', stripNulls: false }), 'application/vnd.pgrst.object+json; charset=utf-8');
    assert.equal(contentTypeOf({ media: 'json', stripNulls: false }), 'application/json; charset=utf-8');
  });

  it('reads Accept as PostgREST v12.0.1 does: spaces dropped, q kept even at 0, specificity among equals, case as sent', () => {
    // Among equal qualities, parameters make an entry more specific and wildcards less.
    assert.deepEqual(acceptedTypes('text/csv, application/vnd.pgrst.object+json;nulls=stripped'), ['application/vnd.pgrst.object+json;nulls=stripped', 'text/csv']);
    assert.deepEqual(acceptedTypes('*/*, text/csv'), ['text/csv', '*/*']);
    // A quality that is no number counts as 1; q=0 is still acceptable; what follows q is dropped.
    assert.deepEqual(acceptedTypes('text/csv;q=abc, application/json;q=0.5'), ['text/csv', 'application/json']);
    assert.deepEqual(negotiateMedia('text/html, text/csv;q=0', false), { media: 'csv', stripNulls: false });
    assert.deepEqual(acceptedTypes('application/vnd.pgrst.object + json ; nulls = stripped'), ['application/vnd.pgrst.object+json;nulls=stripped']);
    // Decoded names: the array type without nulls=stripped is JSON, an empty entry is anything,
    // other types lose their parameters, and letters are compared as sent.
    assert.deepEqual(acceptedTypes('application/vnd.pgrst.array+json, , text/html;level=1, Application/JSON'), ['text/html', 'application/json', '*/*', 'Application/JSON']);
    assert.equal(refuses(() => negotiateMedia('Application/JSON', false), 406, 'PGRST107').message, 'None of these media types are available: Application/JSON');
    // An empty header accepts nothing.
    assert.equal(refuses(() => negotiateMedia('', false), 406, 'PGRST107').message, 'None of these media types are available: ');
    // Execution plans are off in the CLI's PostgREST: refused, spelled out with their target and options.
    assert.equal(
      refuses(() => negotiateMedia('application/vnd.pgrst.plan+json; for="application/json"; options=verbose|settings;', false), 406, 'PGRST107').message,
      'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"; options=verbose|settings',
    );
    assert.equal(canonicalMime('application/vnd.pgrst.plan;options=wal|analyze|nope'), 'application/vnd.pgrst.plan+text; for="application/json"; options=analyze|wal');
    assert.equal(canonicalMime('application/vnd.pgrst.plan+json;for="application/vnd.pgrst.object"'), 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"');
  });

  it('answers GeoJSON for application/geo+json', () => {
    assert.deepEqual(negotiateMedia('application/geo+json', false), { media: 'geojson', stripNulls: false });
    assert.equal(contentTypeOf({ media: 'geojson', stripNulls: false }), 'application/geo+json; charset=utf-8');
  });

  it('names a refused plan media type with the media it is for and its options, as PostgREST prints it', () => {
    // The plans of db-plan-enabled are off on the local stack, as on a new hosted project.
    const named = (accept: string) => refuses(() => negotiateMedia(accept, false), 406, 'PGRST107').message;
    assert.equal(named('application/vnd.pgrst.plan+text; for="application/json"; options=;'), 'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"');
    assert.equal(named('application/vnd.pgrst.plan'), 'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"');
    assert.equal(named('application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|verbose;'), 'None of these media types are available: application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|verbose');
  });

  it('picks the schema by Accept-Profile for reads and Content-Profile for writes', () => {
    const schemas = ['public', 'other'];
    assert.deepEqual(chooseProfile('GET', {}, schemas), { schema: 'public', negotiated: true });
    assert.deepEqual(chooseProfile('GET', {}, ['public']), { schema: 'public', negotiated: false });
    assert.deepEqual(chooseProfile('GET', { 'accept-profile': 'other', 'content-profile': 'nope' }, schemas), { schema: 'other', negotiated: true });
    assert.deepEqual(chooseProfile('PATCH', { 'content-profile': 'other' }, schemas), { schema: 'other', negotiated: true });
    assert.equal(refuses(() => chooseProfile('POST', { 'content-profile': 'secret' }, schemas), 406, 'PGRST106').message, 'The schema must be one of the following: public, other');
  });

  it('meets the Range header with limit and offset, and refuses unsatisfiable ranges', () => {
    assert.deepEqual(requestRange('GET', '0-9', query()), { offset: 0, limit: 10 });
    assert.deepEqual(requestRange('GET', '5-', query()), { offset: 5 });
    assert.deepEqual(requestRange('GET', '2-20', query([{ path: [], limit: 5, offset: 4 }])), { offset: 4, limit: 5 });
    assert.deepEqual(requestRange('POST', '0-1', query()), { offset: 0 });
    assert.deepEqual(requestRange('GET', undefined, query([{ path: [], limit: 0 }])), { offset: 0, limit: 0 });
    assert.equal(refuses(() => requestRange('GET', '5-2', query()), 416, 'PGRST103').details, 'The lower boundary must be lower than or equal to the upper boundary in the Range header.');
    refuses(() => requestRange('GET', undefined, query([{ path: [], limit: -1 }])), 416, 'PGRST103');
    refuses(() => requestRange('PATCH', undefined, query([{ path: [], limit: 1 }])), 400, 'PGRST109');
    assert.deepEqual(requestRange('DELETE', undefined, query([{ path: [], limit: 1 }], true)), { offset: 0, limit: 1 });
    refuses(() => requestRange('PUT', undefined, query([{ path: [], limit: 1 }])), 400, 'PGRST114');
  });

  it('writes Content-Range and the read status as PostgREST does', () => {
    assert.equal(contentRange(0, 9, null), '0-9/*');
    assert.equal(contentRange(0, -1, 0), '*/0');
    assert.equal(contentRange(1, 0, null), '*/*');
    assert.deepEqual(readRangeStatus(0, 10, 100), { status: 206, contentRange: '0-9/100' });
    assert.deepEqual(readRangeStatus(0, 3, 3), { status: 200, contentRange: '0-2/3' });
    assert.deepEqual(readRangeStatus(0, 3, null), { status: 200, contentRange: '0-2/*' });
    assert.deepEqual(readRangeStatus(10, 0, 3), { status: 416, contentRange: '*/3' });
  });

  it('checks JSON, CSV and form bodies', () => {
    assert.deepEqual(parsePayload('{"a":1,"b":2}', 'application/json', undefined, false), { json: '{"a":1,"b":2}', columns: ['a', 'b'], array: false });
    assert.deepEqual(parsePayload('[{"a":1,"b":2},{"b":3,"a":4}]', 'application/json; charset=utf-8', undefined, false).columns, ['a', 'b']);
    assert.equal(refuses(() => parsePayload('[{"a":1},{"b":2}]', undefined, undefined, false), 400, 'PGRST102').message, 'All object keys must match');
    assert.equal(refuses(() => parsePayload('{nope', 'application/json', undefined, false), 400, 'PGRST102').message, 'Empty or invalid json');
    assert.equal(refuses(() => parsePayload('', 'application/json', undefined, false), 400, 'PGRST102').message, 'Empty or invalid json');
    assert.deepEqual(parsePayload('', 'application/json', undefined, true), { json: '{}', columns: [], array: false });
    assert.deepEqual(parsePayload('[{"a":1,"z":2}]', 'application/json', ['a'], false), { json: '[{"a":1,"z":2}]', columns: ['a'], array: true });
    assert.deepEqual(parsePayload('id,name\n1,"a, b"\n2,NULL\n', 'text/csv', undefined, false), { json: '[{"id":"1","name":"a, b"},{"id":"2","name":null}]', columns: ['id', 'name'], array: true });
    refuses(() => parsePayload('id,name\n1\n', 'text/csv', undefined, false), 400, 'PGRST102');
    assert.deepEqual(parsePayload('name=a+b&n=1', 'application/x-www-form-urlencoded', undefined, false), { json: '{"name":"a b","n":"1"}', columns: ['name', 'n'], array: false });
    assert.equal(refuses(() => parsePayload('<a/>', 'text/xml', undefined, false), 400, 'PGRST102').message, 'Content-Type not acceptable: text/xml');
  });

  it('lets response.status and response.headers override the response, refusing malformed ones', () => {
    assert.equal(gucStatus(null, 200), 200);
    assert.equal(gucStatus('202', 200), 202);
    refuses(() => gucStatus('abc', 200), 500, 'PGRST112');
    assert.deepEqual(gucHeaders('[{"Content-Type":"text/plain"},{"X-A":"1"}]', { 'content-type': 'application/json', 'Content-Range': '0-0/*' }), { 'Content-Range': '0-0/*', 'Content-Type': 'text/plain', 'X-A': '1' });
    refuses(() => gucHeaders('{"a":"b"}', {}), 500, 'PGRST111');
    refuses(() => gucHeaders('[{"a":"b","c":"d"}]', {}), 500, 'PGRST111');
  });
});
