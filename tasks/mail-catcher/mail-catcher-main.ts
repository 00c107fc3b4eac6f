/**
 * Entry of the detached mail catcher: `node mail-catcher-main.js <settings JSON>`. It receives
 * mail over SMTP (smtp-receiver.ts, loaded at the first connection), keeps it in memory and
 * serves it over HTTP (inbox-server.ts) and, when asked, POP3 (pop3-server.ts). It exits cleanly
 * on SIGTERM / SIGINT; a failed listen exits non-zero with the error printed, which the
 * supervisor reads. With every listener up it says so to the command that launched it
 * (native/ready-signal.ts), which then sends no probe.
 */
import { createServer, type Socket } from 'node:net';
import type { SMTPServer } from 'smtp-server';
import { MailStore } from './mail-store.js';
import { createInboxServer } from './inbox-server.js';
import { createPop3Server } from './pop3-server.js';
import { signalReady } from '../native/ready-signal.js';

/** What the supervisor passes on the command line (nothing secret). */
export interface MailCatcherSettings {
  projectId: string;
  webHost: string;
  webPort: number;
  smtpHost: string;
  smtpPort: number;
  /** `[inbucket] pop3_port`, when set. */
  pop3Port?: number;
}

const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);

function failed(what: string) {
  return (error: NodeJS.ErrnoException) => {
    log(`${what} failed: ${error.code ?? ''} ${error.message}`);
    process.exit(3);
  };
}

function main(raw: string | undefined): void {
  if (!raw) throw new Error('usage: mail-catcher-main <settings JSON>');
  const settings = JSON.parse(raw) as MailCatcherSettings;
  const store = new MailStore();
  // The port is ours from the start; smtp-server is loaded when the first client connects (it
  // would add some 20 ms of loading to every start, which waits on this process to answer).
  let receiver: Promise<SMTPServer> | undefined;
  const sessions = new Set<Socket>();
  const smtp = createServer({ pauseOnConnect: true }, (socket) => {
    sessions.add(socket);
    socket.once('close', () => sessions.delete(socket));
    receiver ??= import('./smtp-receiver.js').then(({ createSmtpReceiver }) => createSmtpReceiver(store, log));
    void receiver.then(
      (server) => server.server.emit('connection', socket),
      (error: unknown) => {
        log(`smtp: ${error instanceof Error ? error.message : String(error)}`);
        socket.destroy();
      },
    );
  });
  const web = createInboxServer(store, { projectId: settings.projectId, smtp: `${settings.smtpHost === '0.0.0.0' ? '127.0.0.1' : settings.smtpHost}:${settings.smtpPort}` });
  web.once('error', failed(`listening on ${settings.webHost}:${settings.webPort}`));
  // The SMTP side listens first: the inbox answering is what tells the supervisor both are up.
  smtp.once('error', failed(`listening on ${settings.smtpHost}:${settings.smtpPort}`));
  const pop3 = settings.pop3Port ? createPop3Server(store) : undefined;
  const listenWeb = () =>
    web.listen(settings.webPort, settings.webHost, () => {
      log(`inbox on http://${settings.webHost}:${settings.webPort} for project ${settings.projectId}`);
      signalReady();
    });
  smtp.listen(settings.smtpPort, settings.smtpHost, () => {
    log(`smtp on ${settings.smtpHost}:${settings.smtpPort}`);
    if (!pop3) return listenWeb();
    pop3.once('error', failed(`listening on ${settings.smtpHost}:${settings.pop3Port}`));
    pop3.listen(settings.pop3Port, settings.smtpHost, () => {
      log(`pop3 on ${settings.smtpHost}:${settings.pop3Port}`);
      listenWeb();
    });
  });
  const shutdown = (signal: string) => {
    log(`stopping (${signal})`);
    web.closeAllConnections();
    web.close();
    pop3?.close();
    // The listener's close waits for the SMTP sessions it accepted: a stop gives them a second to
    // finish, not more (the supervisor kills after 5 s anyway).
    smtp.close(() => process.exit(0));
    setTimeout(() => sessions.forEach((socket) => socket.destroy()), 1000).unref();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

try {
  main(process.argv[2]);
} catch (error) {
  log(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
