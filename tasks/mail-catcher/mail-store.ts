/**
 * The mail catcher's messages, in memory as Inbucket keeps them by default: a mailbox per
 * recipient, named as Inbucket's default `local` naming does (the address's local part, lower
 * case, without a `+tag`), each capped at the newest MAILBOX_CAP messages. Shapes follow
 * Inbucket's REST API v1, so scripts written against the original's inbox work unchanged.
 */
import type { AddressObject, ParsedMail } from 'mailparser';

/** Inbucket keeps 500 messages a mailbox by default; older ones are dropped. */
export const MAILBOX_CAP = 500;

/** One message as a list entry of `GET /api/v1/mailbox/{name}`. */
export interface MessageHeader {
  mailbox: string;
  id: string;
  from: string;
  to: string[];
  subject: string;
  date: string;
  'posix-millis': number;
  size: number;
  seen: boolean;
}

/** One message as `GET /api/v1/mailbox/{name}/{id}` returns it. */
export interface MessageDetail extends MessageHeader {
  header: Record<string, string[]>;
  body: { text: string; html: string };
  attachments: Array<{ filename: string; 'content-type': string; size: number }>;
}

interface Stored {
  detail: MessageDetail;
  raw: Buffer;
}

/** The mailbox an address delivers to. */
export function mailboxName(address: string): string {
  const local = address.includes('@') ? address.slice(0, address.lastIndexOf('@')) : address;
  return local.split('+')[0]!.trim().toLowerCase();
}

function addressTexts(field: AddressObject | AddressObject[] | undefined): string[] {
  if (!field) return [];
  return (Array.isArray(field) ? field : [field]).flatMap((group) => group.value.map((address) => (address.name ? `${address.name} <${address.address ?? ''}>` : `<${address.address ?? ''}>`)));
}

function headerMap(parsed: ParsedMail): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const { key, line } of parsed.headerLines) {
    const name = key.replace(/(^|-)([a-z])/g, (_all, dash: string, letter: string) => dash + letter.toUpperCase());
    // The raw line is "Name: value"; keep the value as it was written.
    (map[name] ??= []).push(line.slice(line.indexOf(':') + 1).trim());
  }
  return map;
}

/** Every mailbox's messages, oldest first in each. */
export class MailStore {
  private readonly boxes = new Map<string, Stored[]>();
  private sequence = 0;

  /** Files a message under every recipient's mailbox; returns the ids given. */
  deliver(recipients: readonly string[], raw: Buffer, parsed: ParsedMail, received = new Date()): string[] {
    const names = [...new Set(recipients.map(mailboxName).filter(Boolean))];
    return names.map((mailbox) => {
      this.sequence += 1;
      // Inbucket's ids are a receive time and a counter; any unique string works for its clients.
      const id = `${received.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}-${String(this.sequence).padStart(4, '0')}`;
      const detail: MessageDetail = {
        mailbox,
        id,
        from: addressTexts(parsed.from)[0] ?? '',
        to: addressTexts(parsed.to),
        subject: parsed.subject ?? '',
        date: (parsed.date ?? received).toISOString(),
        'posix-millis': (parsed.date ?? received).getTime(),
        size: raw.length,
        seen: false,
        header: headerMap(parsed),
        body: { text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' },
        attachments: parsed.attachments.map((attachment) => ({ filename: attachment.filename ?? '', 'content-type': attachment.contentType, size: attachment.size })),
      };
      const box = this.boxes.get(mailbox) ?? [];
      box.push({ detail, raw });
      if (box.length > MAILBOX_CAP) box.splice(0, box.length - MAILBOX_CAP);
      this.boxes.set(mailbox, box);
      return id;
    });
  }

  /** The list entries of a mailbox, oldest first (an unknown mailbox is empty). */
  list(mailbox: string): MessageHeader[] {
    return (this.boxes.get(mailboxName(mailbox)) ?? []).map(({ detail }) => summary(detail));
  }

  /** The newest messages of every mailbox, newest first. */
  recent(limit = 100): MessageHeader[] {
    return [...this.boxes.values()]
      .flat()
      .map(({ detail }) => summary(detail))
      .sort((a, b) => b['posix-millis'] - a['posix-millis'] || (a.id < b.id ? 1 : -1))
      .slice(0, limit);
  }

  get(mailbox: string, id: string): MessageDetail | undefined {
    return this.find(mailbox, id)?.detail;
  }

  source(mailbox: string, id: string): Buffer | undefined {
    return this.find(mailbox, id)?.raw;
  }

  markSeen(mailbox: string, id: string, seen: boolean): boolean {
    const stored = this.find(mailbox, id);
    if (stored) stored.detail.seen = seen;
    return stored !== undefined;
  }

  remove(mailbox: string, id: string): boolean {
    const box = this.boxes.get(mailboxName(mailbox));
    const index = box?.findIndex((stored) => stored.detail.id === id) ?? -1;
    if (index < 0) return false;
    box!.splice(index, 1);
    return true;
  }

  purge(mailbox: string): void {
    this.boxes.delete(mailboxName(mailbox));
  }

  private find(mailbox: string, id: string): Stored | undefined {
    return this.boxes.get(mailboxName(mailbox))?.find((stored) => stored.detail.id === id);
  }
}

function summary(detail: MessageDetail): MessageHeader {
  const { mailbox, id, from, to, subject, date, size, seen } = detail;
  return { mailbox, id, from, to, subject, date, 'posix-millis': detail['posix-millis'], size, seen };
}
