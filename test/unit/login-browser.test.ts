/**
 * The browser sign-in of `supabase login`, end to end: the CLI prints the dashboard link, this test
 * plays the dashboard (reads the session id and public key from the link, encrypts a new token for
 * that key with ECDH P-256 + AES-256-GCM), and the platform's session route answers "not yet"
 * (404 with Retry-After) until the dashboard has approved.
 */
import assert from 'node:assert/strict';
import { createCipheriv, createECDH, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { main } from '../../cli/main.js';
import { ManagementApiServer, type Answer, type HandledRequest } from '../helpers/management-api-server.js';

const NEW_TOKEN = `sbp_${'fedcba9876543210'.repeat(2)}fedcba98`;

/** What the dashboard does once the user approves: the token sealed for the CLI's public key. */
function sealFor(cliPublicKey: string, token: string, sessionId: string) {
  const dashboard = createECDH('prime256v1');
  dashboard.generateKeys();
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', dashboard.computeSecret(Buffer.from(cliPublicKey, 'hex')), nonce);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { id: sessionId, created_at: '2024-02-20T10:15:42Z', access_token: sealed.toString('hex'), public_key: dashboard.getPublicKey('hex'), nonce: nonce.toString('hex') };
}

describe('login through the browser', function () {
  this.timeout(30_000);
  let approved: ReturnType<typeof sealFor> | undefined;
  let answerAfterApproval: Answer | undefined;
  const polls: string[] = [];
  const api = new ManagementApiServer({}, {
    'GET /platform/cli/login/{session}': (request: HandledRequest): Answer => {
      polls.push(request.params.session);
      if (!approved || approved.id !== request.params.session) return { status: 404, raw: '', headers: { 'retry-after': '1' } };
      return answerAfterApproval ?? { status: 200, body: approved };
    },
  });
  let host = '';
  let home = '';
  before(async () => (host = await api.start()));
  after(() => api.stop());
  beforeEach(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'login-home-'));
    approved = undefined;
    answerAfterApproval = undefined;
    polls.length = 0;
  });
  afterEach(() => rm(home, { recursive: true, force: true }));

  /** Runs `supabase login <args>` as from a terminal, approving the session once the link is printed. */
  async function login(args: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await main({
      argv: ['login', ...args],
      env: { HOME: home, SUPABASE_INTERNAL_API_HOST: host },
      cwd: home,
      io: {
        stdout: (text) => {
          stdout += text;
          const link = /open it in the browser (\S+)/.exec(text)?.[1];
          if (!link) return;
          const query = new URL(link).searchParams;
          // The user takes a moment: the CLI's first poll finds nothing yet.
          setTimeout(() => (approved = sealFor(query.get('public_key')!, NEW_TOKEN, query.get('session_id')!)), 200);
        },
        stderr: (text) => void (stderr += text),
        interactive: false,
        stdinTerminal: true,
        readStdin: async () => '',
      },
    });
    return { code, stdout, stderr };
  }

  it('decrypts the token the dashboard sealed for this session and saves it', async () => {
    const result = await login(['--no-browser', '--name', 'ci-laptop']);
    assert.equal(result.code, 0, result.stderr);
    const link = new URL(/open it in the browser (\S+)/.exec(result.stdout)![1]);
    assert.equal(`${link.origin}${link.pathname}`, 'http://127.0.0.1:8082/cli/login');
    assert.equal(link.searchParams.get('token_name'), 'ci-laptop');
    assert.match(link.searchParams.get('session_id')!, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.match(link.searchParams.get('public_key')!, /^04[0-9a-f]{128}$/);
    assert.ok(polls.length >= 2, 'polled again after the 404');
    assert.match(result.stdout, /\n\nToken ci-laptop created successfully\.\n\nYou are now logged in\. Happy coding!\n$/);
    assert.equal(await readFile(path.join(home, '.supabase', 'access-token'), 'utf8'), NEW_TOKEN);
  });

  it('names the token cli_<user>@<host>_<time> by default', async () => {
    const result = await login(['--no-browser']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, new RegExp(`token_name=cli_${os.userInfo().username}%40${os.hostname()}_\\d{10}`));
  });

  it('a failed session or a token sealed for another key fails with the original words', async () => {
    answerAfterApproval = { status: 500, raw: 'boom' };
    const failed = await login(['--no-browser']);
    assert.equal(failed.code, 1);
    assert.equal(failed.stderr.split('\n').find((line) => line.startsWith('HTTP')), 'HTTP 500 Internal Server Error: cannot retrieve access token');
    answerAfterApproval = undefined;
    const other = createECDH('prime256v1');
    other.generateKeys();
    const foreign = setInterval(() => approved && (answerAfterApproval = { status: 200, body: sealFor(other.getPublicKey('hex'), NEW_TOKEN, approved.id) }), 50);
    try {
      const result = await login(['--no-browser']);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /^cannot decrypt access token: /m);
    } finally {
      clearInterval(foreign);
    }
  });
});
