import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redact } from '../../cli/debug-log.js';
import { redactArgv } from '../../cli/ticket.js';
import { runMain } from '../helpers/run-cli.js';

const TOKEN = `sbp_${'a1'.repeat(20)}`;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl';

describe('secrets stay out of logs and tickets', () => {
  it('redacts tokens, JWTs, connection-string passwords and secret variables', () => {
    const line = redact(`token ${TOKEN} key ${JWT} url postgresql://postgres:hunter2@db:5432/postgres SUPABASE_DB_PASSWORD=hunter2`);
    for (const secret of [TOKEN, JWT, 'hunter2']) assert.ok(!line.includes(secret), line);
  });

  it('redacts secret flag values on the command line', () => {
    assert.deepEqual(redactArgv(['link', '-p', 'hunter2', '--token=abc', '--password', 'x']), ['link', '-p', '[REDACTED]', '--token=[REDACTED]', '--password', '[REDACTED]']);
  });

  it('--create-ticket writes a private ticket with the error and the redacted debug log', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tickets-'));
    const result = await runMain(['projects', 'list', '--create-ticket', '--debug', '--workdir', `/tmp/${TOKEN}`], {
      env: { SUPABASE_TICKET_DIR: folder, HOME: folder },
    });
    assert.equal(result.code, 1);
    const [file] = readdirSync(folder);
    assert.ok(file, 'no ticket written');
    assert.ok(result.stderr.includes(join(folder, file)), result.stderr);
    assert.equal(statSync(join(folder, file)).mode & 0o777, 0o600);
    const ticket = JSON.parse(readFileSync(join(folder, file), 'utf8'));
    assert.equal(ticket.version, '1.145.4');
    assert.match(ticket.error.message, /^Access token not provided/);
    assert.ok(ticket.debugLog.length > 0);
    assert.ok(!JSON.stringify(ticket).includes(TOKEN));
    assert.ok(!result.stderr.includes(TOKEN));
  });

  it('--debug starts with the version line and logs to stderr only', async () => {
    const result = await runMain(['projects', 'list', '--debug']);
    assert.match(result.stderr, /^Supabase CLI 1\.145\.4\n/);
    assert.equal(result.stdout, '');
  });
});
