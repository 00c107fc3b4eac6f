import assert from 'node:assert/strict';
import { ManagementApiServer } from '../helpers/management-api-server.js';

describe('the local Management API used by tests validates against management-api.yaml', () => {
  const api = new ManagementApiServer({
    getPostgRESTConfig: () => ({ status: 200, body: { max_rows: 'many' } }),
  });
  let base = '';
  before(async () => (base = await api.start()));
  after(() => api.stop());

  it('records requests and answers that break the spec', async () => {
    await fetch(`${base}/v1/not-a-route`, { headers: { 'User-Agent': 'SupabaseCLI/1.145.4' } });
    await fetch(`${base}/v1/projects/short/postgrest`, { headers: { 'User-Agent': 'curl' } });
    assert.deepEqual([...api.violations].sort(), [
      'GET /v1/not-a-route is not an operation of management-api.yaml',
      'getPostgRESTConfig: missing bearer token',
      'getPostgRESTConfig: User-Agent is not SupabaseCLI/<version>',
      'getPostgRESTConfig: path parameter ref="short" breaks its length limits',
      'getPostgRESTConfig response.max_rows: expected integer, got string',
      'getPostgRESTConfig response: missing required db_schema',
      'getPostgRESTConfig response: missing required db_extra_search_path',
    ].sort());
  });
});
