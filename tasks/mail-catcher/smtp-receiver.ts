/**
 * The mail catcher's SMTP side: an `smtp-server` (by Nodemailer's authors) that takes any mail,
 * parses it (`mailparser`) and files it in the store. It does not listen itself: the catcher's
 * entry owns the port and hands each accepted socket over (mail-catcher-main.ts), so that this
 * module and the package are loaded at the first SMTP connection rather than at every start.
 */
import { SMTPServer } from 'smtp-server';
import type { MailStore } from './mail-store.js';

/** The largest message accepted, as Inbucket's default limit. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** An SMTP server filing into `store`; hand it sockets with `server.emit('connection', socket)`. */
export function createSmtpReceiver(store: MailStore, log: (line: string) => void): SMTPServer {
  const smtp = new SMTPServer({
    // A local catcher takes any mail: no TLS to negotiate (GoTrue would refuse a self-signed
    // certificate), and any login, or none, is accepted.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    size: MAX_MESSAGE_BYTES,
    logger: false,
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
  return smtp;
}
