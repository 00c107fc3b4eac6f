/**
 * Entry of the detached mail catcher: `node mail-catcher-main.js <settings JSON>`. It receives
 * mail over SMTP (the `smtp-server` package, by Nodemailer's authors), parses it (`mailparser`),
 * keeps it in memory and serves it over HTTP (inbox-server.ts) and, when asked, POP3
 * (pop3-server.ts). It exits cleanly on SIGTERM /
 * SIGINT; a failed listen exits non-zero with the error printed, which the supervisor reads.
 */
import { SMTPServer } from 'smtp-server';
import { MailStore } from './mail-store.js';
import { createInboxServer } from './inbox-server.js';
import { createPop3Server } from './pop3-server.js';

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

/** The largest message accepted, as Inbucket's default limit. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

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
  const smtp = new SMTPServer({
    // A local catcher takes any mail: no TLS to negotiate (GoTrue would refuse a self-signed
    // certificate), and any login, or none, is accepted.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    size: MAX_MESSAGE_BYTES,
    logger: false,
    // A stop must not wait for idle clients; the supervisor kills after 5 s anyway.
    closeTimeout: 1000,
    banner: 'supabase local mail catcher',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(Object.assign(new Error('message exceeds the size limit'), { responseCode: 552 }));
        const raw = Buffer.concat(chunks);
        // Loaded at the first mail, not at start: it takes about 100 ms, which `supabase start` would wait on.
        import('mailparser')
          .then(({ simpleParser }) => simpleParser(raw))
          .then((parsed) => {
            const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
            const ids = store.deliver(recipients, raw, parsed);
            log(`received ${raw.length} bytes for ${recipients.join(', ')} (${ids.join(', ')})`);
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  smtp.on('error', (error: NodeJS.ErrnoException) => log(`smtp: ${error.message}`));
  const web = createInboxServer(store, { projectId: settings.projectId, smtp: `${settings.smtpHost === '0.0.0.0' ? '127.0.0.1' : settings.smtpHost}:${settings.smtpPort}` });
  web.once('error', failed(`listening on ${settings.webHost}:${settings.webPort}`));
  // The SMTP side listens first: the inbox answering is what tells the supervisor both are up.
  smtp.server.once('error', failed(`listening on ${settings.smtpHost}:${settings.smtpPort}`));
  const pop3 = settings.pop3Port ? createPop3Server(store) : undefined;
  const listenWeb = () => web.listen(settings.webPort, settings.webHost, () => log(`inbox on http://${settings.webHost}:${settings.webPort} for project ${settings.projectId}`));
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
    smtp.close(() => process.exit(0));
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
