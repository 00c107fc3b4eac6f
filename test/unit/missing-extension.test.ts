import assert from 'node:assert/strict';
import { describeSqlError, missingExtension, missingExtensionSuggestion, unloadableModuleSuggestion } from '../../tasks/db/sql-error.js';

describe('a missing extension is named, with a fix that can work', () => {
  it('reads the name from PostgreSQL 15 and newer messages', () => {
    assert.equal(missingExtension({ message: 'could not open extension control file "/usr/share/postgresql/15/extension/vector.control": No such file or directory' }), 'vector');
    assert.equal(missingExtension({ message: 'extension "pg_net" is not available' }), 'pg_net');
    assert.equal(missingExtension({ message: 'syntax error' }), undefined);
  });

  it('offers the Debian package only when one exists, and the docker runtime always', () => {
    assert.match(missingExtensionSuggestion('pg_cron'), /^Install it with apt-get install postgresql-15-cron, or run the stack on Docker/);
    assert.match(missingExtensionSuggestion('pgroonga'), /^"pgroonga" has no PostgreSQL 15 package for this machine: run the stack on Docker/);
  });

  it('names the compiler and headers packages for the extension the native runtime compiles', () => {
    assert.match(missingExtensionSuggestion('vector'), /apt-get install gcc postgresql-server-dev-15, or run the stack on Docker/);
  });

  it('says it once, whichever way the server words it', () => {
    for (const message of ['extension "http" is not available', 'could not open extension control file "/usr/share/postgresql/15/extension/http.control": No such file or directory']) {
      const text = describeSqlError({ message, code: '0A000', severity: 'ERROR' });
      assert.equal(text, 'extension "http" is not available on the native runtime (SQLSTATE 0A000)');
      assert.equal(text.match(/http/g)?.length, 1, text);
    }
  });

  it('a PL/Python that cannot load names the packages of the way that works', () => {
    const message = 'could not load library "/home/u/.supabase/native/.pg/ab/lib/postgresql/plpython3.so": libpython3.6m.so.1.0: cannot open shared object file: No such file or directory';
    assert.match(unloadableModuleSuggestion({ message }) ?? '', /apt-get install postgresql-15 postgresql-plpython3-15/);
    assert.equal(unloadableModuleSuggestion({ message: 'could not load library "/x/lib/postgresql/other.so": nope' }), undefined);
  });
});
