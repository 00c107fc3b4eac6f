import assert from 'node:assert/strict';
import { keywordDsnToUrl, isKeywordDsn, parseKeywordDsn } from '../../cli/keyword-dsn.js';
import { parseDbUrl } from '../../cli/db-target.js';

describe('keyword/value connection strings (libpq form)', () => {
  it('tells the keyword/value form from a URL', () => {
    assert.equal(isKeywordDsn('host=localhost port=5432'), true);
    assert.equal(isKeywordDsn('  dbname = postgres'), true);
    assert.equal(isKeywordDsn('postgresql://u:p@h/db?sslmode=require'), false);
    assert.equal(isKeywordDsn('not a connection string'), false);
  });

  it('reads quoted values with spaces, escapes, and spaces around "="', () => {
    assert.deepEqual(parseKeywordDsn(`host = db.example.com password='a b\\'c\\\\d' user=me dbname=''`), [
      ['host', 'db.example.com'],
      ['password', "a b'c\\d"],
      ['user', 'me'],
      ['dbname', ''],
    ]);
  });

  it('rebuilds the same connection as a percent-encoded URL', () => {
    const url = new URL(keywordDsnToUrl("host=127.0.0.1 port=6543 user=postgres.abc password='p@ss w#rd' dbname=postgres sslmode=require"));
    assert.equal(url.hostname, '127.0.0.1');
    assert.equal(url.port, '6543');
    assert.equal(decodeURIComponent(url.username), 'postgres.abc');
    assert.equal(decodeURIComponent(url.password), 'p@ss w#rd');
    assert.equal(url.pathname, '/postgres');
    assert.equal(url.searchParams.get('sslmode'), 'require');
    assert.equal(new URL(keywordDsnToUrl('host=::1 port=5432')).hostname, '[::1]');
  });

  it('is accepted wherever a --db-url is parsed', () => {
    const url = parseDbUrl('host=localhost port=5432 user=postgres password=postgres dbname=postgres');
    assert.equal(url.toString(), 'postgresql://postgres:postgres@localhost:5432/postgres');
  });

  it('refuses a broken string with one message that never repeats a value', () => {
    assert.throws(() => parseDbUrl("host=x password='unterminated"), /^UserError: failed to parse connection string: unterminated quoted string/);
    assert.throws(() => parseDbUrl('host=x port=abc'), /invalid port number: "abc"/);
    const noEquals = (() => {
      try {
        parseDbUrl('host=x password=hunter2 secretword');
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    assert.match(noEquals, /missing "=" after setting 3/);
    assert.ok(!noEquals.includes('secretword'), noEquals);
  });
});
