/**
 * The prompts of login, link and the --linked commands in a real pseudo-terminal: link's project
 * picker, the database password typed without echo, Ctrl-C at the password prompt, and the logout
 * confirmation. Needs the built binary (`npm test` builds it) and util-linux `script`.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { initProject } from '../../tasks/project/init-project.js';
import { HostedProject, OTHER_REF, TOKEN } from '../helpers/hosted-project.js';
import { runOnPty, type PtySession } from '../helpers/pty.js';
import { requireCommand } from '../helpers/require-command.js';
import { BIN } from '../helpers/run-cli.js';

/** Keys as a terminal sends them. */
const KEYS = { enter: '\r', down: '\u001b[B', backspace: '\u007f', ctrlC: '\u0003' };

describe('platform prompts in a terminal', function () {
  this.timeout(60_000);
  const hosted = new HostedProject();
  const sessions: PtySession[] = [];
  let platform: NodeJS.ProcessEnv;
  let home: string;
  let root: string;

  before(async function () {
    requireCommand(this, 'script', ['--version'], 'install bsdutils (util-linux)');
    platform = await hosted.start();
  });
  after(() => hosted.stop());
  beforeEach(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'prompt-home-'));
    root = await mkdtemp(path.join(os.tmpdir(), 'prompt-project-'));
    await initProject(root);
  });
  afterEach(async () => {
    // A test that failed half way leaves its command at a prompt; Ctrl-C ends it.
    for (const pty of sessions.splice(0)) pty.type(KEYS.ctrlC);
    assert.deepEqual(hosted.api.violations, []);
    await Promise.all([rm(home, { recursive: true, force: true }), rm(root, { recursive: true, force: true })]);
  });

  const session = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
    const pty = runOnPty(process.execPath, [BIN, ...argv], {
      cwd: root,
      env: { ...process.env, SUPABASE_DEBUG: '', SUPABASE_EXPERIMENTAL: '', ...platform, HOME: home, ...env },
    });
    sessions.push(pty);
    return pty;
  };

  it('link offers a project picker, then asks for the password without echoing it', async () => {
    const pty = session(['link']);
    await pty.waitFor(/Select a project:[\s\S]*> 1\. abcdefghijklmnopqrst \[name: demo, org: acme, region: us-east-1\]/);
    await pty.waitFor('2. zyxwvutsrqponmlkjihg [name: staging, org: acme, region: eu-west-1]');
    pty.type(KEYS.down);
    await pty.waitFor(`> 2. ${OTHER_REF}`);
    pty.type(KEYS.enter);
    await pty.waitFor(new RegExp(`Selected project: ${OTHER_REF}\\r?\\nEnter your database password \\(or leave blank to skip\\): `));
    pty.type('s3cret');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.doesNotMatch(pty.output(), /s3cret|\*\*\*/, 'the password is not echoed');
    // Erased again: a blank password skips the database step.
    pty.type(KEYS.backspace.repeat(6) + KEYS.enter);
    await pty.waitFor('Finished supabase link.');
    assert.equal(await pty.exited, 0);
    assert.equal(await readFile(path.join(root, 'supabase', '.temp', 'project-ref'), 'utf8'), OTHER_REF);
  });

  it('a --linked command asks for the database password; Ctrl-C cancels it', async () => {
    await mkdir(path.join(root, 'supabase', '.temp'), { recursive: true });
    await writeFile(path.join(root, 'supabase', '.temp', 'project-ref'), OTHER_REF);
    const pty = session(['migration', 'list'], { SUPABASE_DB_PASSWORD: '' });
    await pty.waitFor('Enter your database password: ');
    pty.type(KEYS.ctrlC);
    await pty.waitFor('context canceled');
    assert.equal(await pty.exited, 1);
  });

  it('logout asks first and deletes the token on yes', async () => {
    const file = path.join(home, '.supabase', 'access-token');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, TOKEN, { mode: 0o600 });
    const pty = session(['logout'], { SUPABASE_ACCESS_TOKEN: '' });
    await pty.waitFor('Do you want to log out? This will remove the access token from your system. [y/N] ');
    pty.type(`y${KEYS.enter}`);
    await pty.waitFor('Access token deleted successfully. You are now logged out.');
    assert.equal(await pty.exited, 0);
    await assert.rejects(stat(file));
  });
});
