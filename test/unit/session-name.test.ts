/**
 * The application_name of the tool's sessions: it names the process that opened the session, so a
 * command can tell the sessions of a dead command (to end) from those of a live one (to leave).
 */
import assert from 'node:assert/strict';
import { isToolSession, sessionName, sessionOwner } from '../../tasks/db/session-name.js';

describe('session names', () => {
  it('name the pid of the process that opens the session, with an optional role', () => {
    assert.equal(sessionName(), `supabase_cli/${process.pid}`);
    assert.equal(sessionName('typegen'), `supabase_cli_typegen/${process.pid}`);
    assert.equal(sessionOwner(sessionName()), process.pid);
    assert.equal(sessionOwner(sessionName('cancel')), process.pid);
  });

  it('own nobody else\'s sessions, nor the pid-less names of earlier builds', () => {
    for (const name of ['', 'psql', 'pg_net worker', 'supabase_cli', 'supabase_cli/', 'supabase_cli/12x', 'supabase_clix/12', 'my supabase_cli/12']) {
      assert.equal(sessionOwner(name), undefined, name);
    }
  });

  it('count the pid-less name of earlier builds as the tool\'s (a journal may name such a backend to end)', () => {
    assert.ok(isToolSession('supabase_cli'));
    assert.ok(isToolSession('supabase_cli/42'));
    assert.ok(!isToolSession('psql'));
    assert.ok(!isToolSession('supabase_cli_cancel'));
  });
});
