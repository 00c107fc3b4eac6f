import assert from 'node:assert/strict';
import { renderOutput } from '../../cli/output/render.js';
import { renderPairs, renderTable } from '../../cli/output/table.js';

const value = { API_URL: 'http://127.0.0.1:54321', DB_URL: 'postgresql://postgres:postgres@127.0.0.1:54322/postgres' };

describe('output renderer', () => {
  it('encodes json, yaml, toml and env', async () => {
    assert.deepEqual(JSON.parse(await renderOutput('json', { value })), value);
    assert.match(await renderOutput('yaml', { value }), /^API_URL: http:\/\/127\.0\.0\.1:54321$/m);
    assert.match(await renderOutput('toml', { value }), /^API_URL = "http:\/\/127\.0\.0\.1:54321"$/m);
    assert.equal(await renderOutput('env', { value }), `API_URL="${value.API_URL}"\nDB_URL="${value.DB_URL}"\n`);
  });

  it('refuses what a format cannot hold, with the original\'s words', async () => {
    await assert.rejects(renderOutput('env', { value: { nested: { a: 1 } } }), /can't be encoded as an environment file/);
    await assert.rejects(renderOutput('xml', { value }), /Unsupported output encoding "xml"/);
  });

  it('uses the pretty view when given, tables and right-aligned pairs', async () => {
    assert.equal(await renderOutput('pretty', { value, pretty: () => 'hello\n' }), 'hello\n');
    assert.equal(renderTable(['NAME', 'DIGEST'], [['A', 'abc']]), '  NAME | DIGEST\n  -----|-------\n  A    | abc\n');
    assert.equal(renderPairs([['API URL', 'x']]), '         API URL: x\n');
  });
});

describe('table timestamps', () => {
  it('shows RFC 3339 and epoch milliseconds as UTC without the zone, and keeps text that does not parse', async () => {
    const { formatTimestamp } = await import('../../cli/output/timestamp.js');
    assert.equal(formatTimestamp('2024-02-20T10:15:42.123+02:00'), '2024-02-20 08:15:42');
    assert.equal(formatTimestamp(1708424142000), '2024-02-20 10:15:42');
    assert.equal(formatTimestamp('yesterday'), 'yesterday');
    assert.equal(formatTimestamp(undefined), '');
  });
});
