import assert from 'node:assert/strict';
import { ManagementApiServer } from '../helpers/management-api-server.js';

const CLI_HEADERS = { 'User-Agent': 'SupabaseCLI/1.145.4', Authorization: 'Bearer sbp_0000000000000000000000000000000000000000' };

describe('the local Management API used by tests validates against management-api.yaml (openapi-backend)', () => {
  const api = new ManagementApiServer(
    {
      getPostgRESTConfig: () => ({ status: 200, body: { max_rows: 'many' } }),
      createProject: () => ({ status: 201, body: { id: 'abcdefghijklmnopqrst' } }),
      getProjects: () => ({ status: 418, body: [] }),
      getFunction: () => ({ status: 404, raw: '{"message":"Function not found"}', undocumented: 'the platform answers 404 for an unknown slug' }),
      createFunction: () => ({ status: 201, body: { id: 'f', slug: 'hello', name: 'hello', status: 'ACTIVE', version: 1, created_at: 0, updated_at: 0 } }),
    },
    { 'GET /platform/cli/login/{session}': ({ params }) => ({ status: 200, body: { session: params.session } }) },
  );
  let base = '';
  before(async () => (base = await api.start()));
  after(() => api.stop());
  afterEach(() => api.violations.splice(0));

  it('flags a route that is not in the spec', async () => {
    await fetch(`${base}/v1/not-a-route`, { headers: CLI_HEADERS });
    assert.deepEqual(api.violations, ['GET /v1/not-a-route is not an operation of management-api.yaml']);
  });

  it('flags a missing token, a foreign User-Agent, a path parameter out of its limits and an answer that breaks the schema', async () => {
    await fetch(`${base}/v1/projects/short/postgrest`, { headers: { 'User-Agent': 'curl' } });
    const text = api.violations.join('\n');
    assert.match(text, /getPostgRESTConfig: missing bearer token/);
    assert.match(text, /getPostgRESTConfig: User-Agent is not SupabaseCLI/);
    assert.match(text, /getPostgRESTConfig request: .*ref.*(minLength|fewer than 20)/);
    assert.match(text, /getPostgRESTConfig response: .*max_rows.*integer/);
    assert.match(text, /getPostgRESTConfig response: .*required.*db_schema/);
  });

  it('flags a request body that breaks the schema', async () => {
    await fetch(`${base}/v1/projects`, { method: 'POST', headers: { ...CLI_HEADERS, 'content-type': 'application/json' }, body: JSON.stringify({ name: 7 }) });
    const text = api.violations.join('\n');
    assert.match(text, /createProject request: .*required/);
    assert.match(text, /createProject request: .*name.*string/);
  });

  it('flags a status the operation does not document', async () => {
    await fetch(`${base}/v1/projects`, { headers: CLI_HEADERS });
    assert.deepEqual(api.violations, ['getProjects: status 418 is not a documented response']);
  });

  it('lets an undocumented status through only with a stated reason', async () => {
    await fetch(`${base}/v1/projects/abcdefghijklmnopqrst/functions/hello`, { headers: CLI_HEADERS });
    assert.deepEqual(api.violations, []);
  });

  it('takes bytes in a documented non-JSON media type, and flags one the operation does not list', async () => {
    const url = `${base}/v1/projects/abcdefghijklmnopqrst/functions?slug=hello`;
    await fetch(url, { method: 'POST', headers: { ...CLI_HEADERS, 'Content-Type': 'application/vnd.denoland.eszip' }, body: Buffer.from('EZBR...') });
    assert.deepEqual(api.violations, []);
    await fetch(url, { method: 'POST', headers: { ...CLI_HEADERS, 'Content-Type': 'application/zip' }, body: Buffer.from('PK') });
    assert.match(api.violations.join('\n'), /^createFunction request: media type application\/zip is not documented$/m);
  });

  it('answers the routes a test names outside the spec, and records them', async () => {
    const answer = await fetch(`${base}/platform/cli/login/abc`, { headers: CLI_HEADERS });
    assert.deepEqual(await answer.json(), { session: 'abc' });
    assert.deepEqual(api.violations, []);
    assert.equal(api.calls('GET /platform/cli/login/{session}').length, 1);
  });
});
