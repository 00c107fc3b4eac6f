/**
 * The native runtime's mail catcher as GoTrue and a browser meet it: a real detached process,
 * mail sent by a real SMTP client (nodemailer) on the SMTP port, read back through Inbucket's
 * REST API, the web inbox and POP3, a taken port refused in one line, and stopped.
 */
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { initProject } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';
import { mailCatcherStatus, smtpPort, startMailCatcher, stopMailCatcher } from '../../tasks/mail-catcher/mail-process.js';
import type { MessageDetail, MessageHeader } from '../../tasks/mail-catcher/mail-store.js';
import { portAnswers } from '../../tasks/net/port-answers.js';
import { serviceFiles } from '../../tasks/native/supervised-process.js';
import { freePort, removeDir, tempDir } from './support/temp-project.js';

describe('native mail catcher', function () {
  this.timeout(60_000);
  let root: string;
  let env: NodeJS.ProcessEnv;
  let config: ProjectConfig;
  let url: string;

  before(async () => {
    root = await tempDir('mail');
    env = { ...process.env, SUPABASE_NATIVE_HOME: `${root}-home` };
    await initProject(root);
    config = (await loadConfig(root, { env })).config;
    config.inbucket.port = await freePort();
    config.inbucket.smtp_port = await freePort();
    config.inbucket.pop3_port = await freePort();
    ({ url } = await startMailCatcher(config, env));
  });
  after(async () => {
    await stopMailCatcher(config.project_id, env).catch(() => undefined);
    await removeDir(root);
    await removeDir(`${root}-home`);
  });

  const send = (message: SendMailOptions) =>
    nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort(config), secure: false, ignoreTLS: true }).sendMail(message);
  /** A POP3 conversation: the commands sent one after another, the whole transcript once the server closes. */
  const pop3 = (port: number, commands: string[]) =>
    new Promise<string>((resolve, reject) => {
      let transcript = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write(commands.map((command) => `${command}\r\n`).join('')));
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (transcript += chunk));
      socket.on('end', () => resolve(transcript));
      socket.on('error', reject);
    });
  const getJson = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}${path}`);
    assert.equal(response.status, 200, `${path}: ${await response.clone().text()}`);
    return (await response.json()) as T;
  };

  it('answers on [inbucket] port and reports itself running', async () => {
    assert.equal(url, `http://127.0.0.1:${config.inbucket.port}`);
    assert.equal((await mailCatcherStatus(config.project_id, env)).state, 'running');
  });

  it('files mail sent over SMTP under the recipient, readable through the REST API', async () => {
    await send({
      from: 'Admin <admin@email.com>',
      to: 'New.User+signup@example.com',
      subject: 'Confirm Your Signup',
      text: 'Follow this link: http://127.0.0.1:54321/auth/v1/verify?token=abc',
      html: '<p><a href="http://127.0.0.1:54321/auth/v1/verify?token=abc">Confirm your mail</a></p>',
    });
    const list = await getJson<MessageHeader[]>('/api/v1/mailbox/new.user');
    assert.equal(list.length, 1);
    const [header] = list;
    assert.equal(header!.mailbox, 'new.user');
    assert.equal(header!.subject, 'Confirm Your Signup');
    assert.equal(header!.from, 'Admin <admin@email.com>');
    assert.deepEqual(header!.to, ['<New.User+signup@example.com>']);
    assert.equal(header!.seen, false);
    const message = await getJson<MessageDetail>(`/api/v1/mailbox/new.user/${header!.id}`);
    assert.match(message.body.text, /auth\/v1\/verify\?token=abc/);
    assert.match(message.body.html, /<a href="http:\/\/127\.0\.0\.1:54321\/auth\/v1\/verify\?token=abc">/);
    assert.deepEqual(message.header.Subject, ['Confirm Your Signup']);
    const source = await (await fetch(`${url}/api/v1/mailbox/new.user/${header!.id}/source`)).text();
    assert.match(source, /^Subject: Confirm Your Signup\r?$/m);
  });

  it('marks seen, deletes one message and purges a mailbox', async () => {
    await send({ from: 'a@example.com', to: 'box@example.com', subject: 'first', text: '1' });
    await send({ from: 'a@example.com', to: 'box@example.com', subject: 'second', text: '2' });
    const [first, second] = await getJson<MessageHeader[]>('/api/v1/mailbox/box');
    assert.equal((await fetch(`${url}/api/v1/mailbox/box/${first!.id}`, { method: 'PATCH', body: JSON.stringify({ seen: true }) })).status, 200);
    assert.equal((await getJson<MessageDetail>(`/api/v1/mailbox/box/${first!.id}`)).seen, true);
    assert.equal((await fetch(`${url}/api/v1/mailbox/box/${first!.id}`, { method: 'PATCH', body: 'seen' })).status, 400);
    assert.equal((await fetch(`${url}/api/v1/mailbox/box/${first!.id}`, { method: 'DELETE' })).status, 200);
    assert.deepEqual((await getJson<MessageHeader[]>('/api/v1/mailbox/box')).map((message) => message.subject), ['second']);
    assert.equal((await fetch(`${url}/api/v1/mailbox/box/${first!.id}`)).status, 404);
    assert.equal((await fetch(`${url}/api/v1/mailbox/box`, { method: 'DELETE' })).status, 200);
    assert.deepEqual(await getJson<MessageHeader[]>('/api/v1/mailbox/box'), []);
    assert.ok(second);
  });

  it('shows the mail in the web inbox, with the HTML body sandboxed', async () => {
    const overview = await (await fetch(`${url}/`)).text();
    assert.match(overview, /Confirm Your Signup/);
    assert.match(overview, new RegExp(`SMTP to 127\\.0\\.0\\.1:${smtpPort(config)}`));
    const [header] = await getJson<MessageHeader[]>('/api/v1/mailbox/new.user');
    const page = await fetch(`${url}/m/new.user/${header!.id}`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="[^"]*&lt;a href=&quot;http:\/\/127\.0\.0\.1:54321\/auth\/v1\/verify\?token=abc&quot;/);
    const form = await fetch(`${url}/m?mailbox=new.user`, { redirect: 'manual' });
    assert.equal(form.status, 303);
    assert.equal(form.headers.get('location'), '/m/new.user');
    assert.equal((await fetch(`${url}/m/new.user/nope`)).status, 404);
    assert.equal((await fetch(`${url}/m/%E0%A4%A`)).status, 500, 'a malformed path is answered, not fatal');
    assert.equal((await mailCatcherStatus(config.project_id, env)).state, 'running');
  });

  it('serves the mailbox over POP3 on [inbucket] pop3_port, removing what DELE marked at QUIT', async () => {
    await send({ from: 'a@example.com', to: 'pop@example.com', subject: 'by pop', text: '.starts with a dot\nsecond line' });
    const transcript = await pop3(config.inbucket.pop3_port!, ['CAPA', 'USER pop', 'PASS anything', 'STAT', 'UIDL', 'TOP 1 0', 'RETR 1', 'DELE 1', 'RETR 1', 'QUIT']);
    assert.match(transcript, /^\+OK supabase local mail catcher\r\n/);
    assert.match(transcript, /\r\nUSER\r\nUIDL\r\nTOP\r\n\.\r\n/);
    assert.match(transcript, /\r\n\+OK 1 messages\r\n\+OK 1 \d+\r\n/);
    assert.match(transcript, /\r\n\+OK \d+ octets\r\n[^]*Subject: by pop\r\n[^]*\r\n\.\.starts with a dot\r\nsecond line\r\n\.\r\n\+OK message 1 deleted\r\n-ERR no such message\r\n\+OK bye\r\n$/);
    assert.deepEqual(await getJson<MessageHeader[]>('/api/v1/mailbox/pop'), []);
  });

  it('refuses a taken SMTP port in one line naming the setting', async () => {
    const holder = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => holder.listen(port, '0.0.0.0', resolve));
    try {
      const other = { ...config, project_id: `${config.project_id}-other`, inbucket: { ...config.inbucket, port: await freePort(), smtp_port: port, pop3_port: 0 } };
      await assert.rejects(startMailCatcher(other, env), (error: Error & { suggestion?: string }) => {
        assert.equal(error.message, `failed to start the mail catcher: port ${port} is already in use (set by [inbucket] smtp_port in supabase/config.toml)`);
        assert.match(error.suggestion!, /\[inbucket\] smtp_port/);
        return true;
      });
    } finally {
      holder.close();
    }
  });

  it('a launch whose pid record was never written (its command killed) is still found and stopped', async () => {
    const other = { ...config, project_id: `${config.project_id}-orphan`, inbucket: { ...config.inbucket, port: await freePort(), smtp_port: await freePort(), pop3_port: 0 } };
    await startMailCatcher(other, env);
    await rm(serviceFiles(other.project_id, 'mail-catcher', env).pidFile);
    assert.deepEqual(await mailCatcherStatus(other.project_id, env), { state: 'stopped' }, 'without its record it is not reported');
    assert.equal(await stopMailCatcher(other.project_id, env), true);
    assert.equal(await portAnswers('127.0.0.1', other.inbucket.port), false);
  });

  it('stops, and its ports no longer answer', async () => {
    assert.equal(await stopMailCatcher(config.project_id, env), true);
    assert.deepEqual(await mailCatcherStatus(config.project_id, env), { state: 'stopped' });
    assert.equal(await portAnswers('127.0.0.1', config.inbucket.port), false);
    assert.equal(await portAnswers('127.0.0.1', smtpPort(config)), false);
    assert.equal(await portAnswers('127.0.0.1', config.inbucket.pop3_port!), false);
    assert.equal(await stopMailCatcher(config.project_id, env), false, 'stopping again is a no-op');
  });
});
