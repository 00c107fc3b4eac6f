import assert from 'node:assert/strict';
import { bootstrapScripts, digestOf, scriptsForDatabase } from '../../tasks/native/bootstrap-sql.js';

describe('bootstrap scripts', () => {
  it('name the service schemas they create: auth, storage and realtime', async () => {
    const owned = (await bootstrapScripts()).map((script) => [script.name, script.serviceSchema ?? null]);
    assert.deepEqual(owned, [
      ['00-roles.sql', null],
      ['01-schemas.sql', null],
      ['02-auth.sql', 'auth'],
      ['03-storage.sql', 'storage'],
      ['04-functions.sql', null],
      ['05-realtime.sql', 'realtime'],
    ]);
  });

  it('leave a service schema that the database has already to the image and its service', async () => {
    const scripts = await bootstrapScripts();
    const names = (existing: string[]) => scriptsForDatabase(scripts, new Set(existing)).map((script) => script.name);
    assert.deepEqual(names(['public', 'auth', 'storage', 'realtime']), ['00-roles.sql', '01-schemas.sql', '04-functions.sql']);
    assert.deepEqual(names(['public']), scripts.map((script) => script.name));
  });

  it('change the template key whenever a script changes', async () => {
    const scripts = await bootstrapScripts();
    const base = digestOf(scripts);
    assert.notEqual(digestOf(scripts.map((s, i) => (i === 3 ? { ...s, sql: `${s.sql}\n` } : s))), base);
    assert.notEqual(digestOf(scripts.map((s, i) => (i === 3 ? { ...s, name: '03-storage-v2.sql' } : s))), base);
    assert.notEqual(digestOf(scripts.slice(0, -1)), base);
    assert.equal(digestOf(scripts.map((s) => ({ ...s }))), base);
  });
});
