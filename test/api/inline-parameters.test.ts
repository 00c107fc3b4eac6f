/**
 * A request's statement sent with its BEGIN and settings in one simple query: its `$n` become
 * quoted literals, and only those outside quoted strings and identifiers; the server reads the
 * result as it read the bound statement (checked on a real database: same rows, same types).
 */
import assert from 'node:assert/strict';
import pg from 'pg';
import { createRestPool } from '../../tasks/api/common/db-pool.js';
import { inlineParameters } from '../../tasks/api/common/inline-parameters.js';
import { runRequestTransaction, type RequestContext } from '../../tasks/api/common/request-transaction.js';
import { startProject, type RunningProject } from '../integration/support/running-project.js';

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

describe('statement parameters inlined as literals', function () {
  this.timeout(120_000);

  it('replaces placeholders outside quotes only, values quoted, NULL for null', () => {
    assert.equal(inlineParameters(`select $1, '$1', "$2", "a""$1", $2, $10`, ['x', null, 3, 4, 5, 6, 7, 8, 9, 'ten'], quote), `select 'x', '$1', "$2", "a""$1", NULL, 'ten'`);
    assert.equal(inlineParameters(`select 'it''s $1', $1`, ["o'clock"], quote), `select 'it''s $1', 'o''clock'`);
    assert.equal(inlineParameters('select a$1 from t', ['x'], quote), 'select a$1 from t');
    assert.equal(inlineParameters('select $1', [{ a: 1 }], quote), `select '{"a":1}'`);
    assert.throws(() => inlineParameters('select $2', ['x'], quote), /refers to \$2, but has 1 values/);
  });

  it('inlines a text seen before with the values of each call: where its placeholders are is kept, not what filled them', () => {
    const text = `select $2, '$1', $1 -- ${Math.random()}`;
    assert.equal(inlineParameters(text, ['a', 'b'], quote), `select 'b', '$1', 'a' -- ${text.split('-- ')[1]}`);
    assert.equal(inlineParameters(text, ['c', null], quote), `select NULL, '$1', 'c' -- ${text.split('-- ')[1]}`);
    assert.throws(() => inlineParameters(text, ['only one'], quote), /refers to \$2, but has 1 values/);
    assert.equal(inlineParameters(text, [], quote), text);
  });

  describe('on a real database', () => {
    let project: RunningProject;
    let client: pg.Client;
    before(async () => {
      project = await startProject({});
      client = new pg.Client({ host: '127.0.0.1', port: project.port, user: 'postgres', password: 'postgres', database: 'postgres' });
      await client.connect();
    });
    after(async () => {
      await client?.end();
      await project?.dispose();
    });

    it('answers what the bound statement answers, with backslashes, quotes and types inferred from context', async () => {
      const text = `select $1::int + 1 as n, $2 as s, $3::json->>'k' as j, 'lit $1' as kept, $4 = any('{a,b}'::text[]) as member, $5::text is null as missing`;
      const values = ['41', "back\\slash 'quoted' $1", '{"k":"v"}', 'b', null];
      const bound = (await client.query(text, values)).rows;
      const inlined = (await client.query(inlineParameters(text, values, (value) => client.escapeLiteral(value)))).rows;
      assert.deepEqual(inlined, bound);
      assert.deepEqual(bound, [{ n: 42, s: "back\\slash 'quoted' $1", j: 'v', kept: 'lit $1', member: true, missing: true }]);
    });

    it('binds a statement whose value holds a NUL instead, so the server refuses the value (22021), not the message', async () => {
      const pool = createRestPool({ dbPort: project.port, dbPassword: 'postgres' });
      const context: RequestContext = { auth: { role: 'anon', claims: { role: 'anon' }, authenticated: false }, schema: 'public', extraSearchPath: [], method: 'GET', path: '/x', headers: {}, cookies: {} };
      try {
        await assert.rejects(runRequestTransaction(pool, context, { text: 'select $1::text as v', values: ['a\u0000b'] }, { readOnly: true, rollback: false }), { code: '22021' });
        const row = await runRequestTransaction<{ v: string }>(pool, context, { text: 'select $1::text as v', values: ["it's"] }, { readOnly: true, rollback: false });
        assert.deepEqual(row, { v: "it's" });
      } finally {
        await pool.end();
      }
    });

    it('inlines a frozen statement run again once: its values are escaped the first time only', async () => {
      const pool = createRestPool({ dbPort: project.port, dbPassword: 'postgres' });
      const context: RequestContext = { auth: { role: 'anon', claims: { role: 'anon' }, authenticated: false }, schema: 'public', extraSearchPath: [], method: 'GET', path: '/x', headers: {}, cookies: {} };
      const escaped: string[] = [];
      pool.on('acquire', (pooled: pg.PoolClient) => {
        pooled.escapeLiteral = (text: string) => {
          escaped.push(text);
          return pg.escapeLiteral(text);
        };
      });
      const statement = Object.freeze({ text: 'select $1::text as v, $2::int as n', values: Object.freeze(['kept value', '7']) as unknown[] });
      const unfrozen = { text: 'select $1::text as v', values: ['fresh value'] };
      try {
        for (let round = 0; round < 3; round++) {
          const row = await runRequestTransaction<{ v: string; n: number }>(pool, context, statement, { readOnly: true, rollback: false });
          assert.deepEqual(row, { v: 'kept value', n: 7 });
        }
        for (let round = 0; round < 2; round++) await runRequestTransaction(pool, context, unfrozen, { readOnly: true, rollback: false });
        assert.deepEqual(escaped.filter((text) => ['kept value', '7', 'fresh value'].includes(text)), ['kept value', '7', 'fresh value', 'fresh value']);
      } finally {
        await pool.end();
      }
    });
  });
});
