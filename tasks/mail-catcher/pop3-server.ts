/**
 * The mail catcher's POP3 side (RFC 1939), as Inbucket offers it on `[inbucket] pop3_port`: the
 * user name is the mailbox, any password is accepted, and messages marked with DELE are removed
 * at QUIT. Enough for a mail client or a test to read the caught mail: CAPA, USER, PASS, APOP is
 * not offered; STAT, LIST, UIDL, RETR, TOP, DELE, NOOP, RSET and QUIT are.
 */
import net from 'node:net';
import type { MailStore } from './mail-store.js';

interface Session {
  user?: string;
  /** The mailbox as it was at login: ids in order, by message number. */
  ids?: string[];
  deleted: Set<number>;
}

/** The message bytes with dot-stuffing, ended by the multi-line terminator. */
function multiline(lines: string[]): string {
  return `${lines.map((line) => (line.startsWith('.') ? `.${line}` : line)).join('\r\n')}\r\n.\r\n`;
}

/** A POP3 server over a store (not yet listening). */
export function createPop3Server(store: MailStore): net.Server {
  return net.createServer((socket) => {
    const session: Session = { deleted: new Set() };
    const reply = (text: string) => socket.write(`${text}\r\n`);
    const message = (number: number) => (session.ids && number >= 1 && number <= session.ids.length && !session.deleted.has(number) ? session.ids[number - 1] : undefined);
    const source = (id: string) => store.source(session.user!, id) ?? Buffer.alloc(0);
    const live = () => (session.ids ?? []).map((id, index) => ({ id, number: index + 1 })).filter(({ number }) => !session.deleted.has(number));

    const handle = (line: string) => {
      const [verb = '', ...args] = line.trim().split(/\s+/);
      const command = verb.toUpperCase();
      if (command === 'QUIT') {
        for (const number of session.deleted) store.remove(session.user!, session.ids![number - 1]!);
        reply('+OK bye');
        return socket.end();
      }
      if (command === 'CAPA') return socket.write(`+OK capabilities\r\n${multiline(['USER', 'UIDL', 'TOP'])}`);
      if (command === 'NOOP') return reply('+OK');
      if (!session.ids) {
        if (command === 'USER' && args[0]) return ((session.user = args[0]), reply('+OK send PASS'));
        if (command === 'PASS' && session.user) {
          session.ids = store.list(session.user).map((header) => header.id);
          return reply(`+OK ${session.ids.length} messages`);
        }
        return reply('-ERR log in with USER and PASS first');
      }
      const number = args[0] === undefined ? undefined : Number(args[0]);
      const id = number === undefined ? undefined : message(number);
      if (number !== undefined && !id) return reply('-ERR no such message');
      switch (command) {
        case 'STAT':
          return reply(`+OK ${live().length} ${live().reduce((sum, entry) => sum + source(entry.id).length, 0)}`);
        case 'LIST':
        case 'UIDL': {
          const value = (entry: { id: string }) => (command === 'LIST' ? String(source(entry.id).length) : entry.id);
          if (id) return reply(`+OK ${number} ${value({ id })}`);
          return socket.write(`+OK\r\n${multiline(live().map((entry) => `${entry.number} ${value(entry)}`))}`);
        }
        case 'RETR':
        case 'TOP': {
          if (!id) return reply('-ERR which message?');
          const lines = source(id).toString('utf8').split(/\r?\n/);
          if (lines.at(-1) === '') lines.pop();
          if (command === 'TOP') {
            const bodyLines = Number(args[1]);
            if (!Number.isInteger(bodyLines) || bodyLines < 0) return reply('-ERR TOP needs a message number and a line count');
            const blank = lines.indexOf('');
            const end = blank < 0 ? lines.length : blank + 1 + bodyLines;
            return socket.write(`+OK\r\n${multiline(lines.slice(0, end))}`);
          }
          return socket.write(`+OK ${source(id).length} octets\r\n${multiline(lines)}`);
        }
        case 'DELE':
          if (!id) return reply('-ERR which message?');
          session.deleted.add(number!);
          return reply(`+OK message ${number} deleted`);
        case 'RSET':
          session.deleted.clear();
          return reply('+OK');
        default:
          return reply(`-ERR unknown command ${command}`);
      }
    };

    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        handle(line);
        if (socket.writableEnded) return;
      }
    });
    socket.on('error', () => socket.destroy());
    reply('+OK supabase local mail catcher');
  });
}
