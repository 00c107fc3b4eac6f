/** Mailbox naming and capping of the mail catcher's store, on mail parsed by the real parser. */
import assert from 'node:assert/strict';
import { simpleParser } from 'mailparser';
import { MAILBOX_CAP, MailStore, mailboxName } from '../../tasks/mail-catcher/mail-store.js';

const raw = (subject: string) => Buffer.from(`From: a@example.com\r\nTo: b@example.com\r\nSubject: ${subject}\r\nDate: Tue, 01 Oct 2024 10:00:00 +0000\r\n\r\nbody\r\n`);

describe('mail catcher store', () => {
  it('names mailboxes as Inbucket does: the local part, lower case, without a +tag', () => {
    assert.equal(mailboxName('New.User+signup@Example.com'), 'new.user');
    assert.equal(mailboxName('"odd@local"@example.com'), '"odd@local"');
    assert.equal(mailboxName('bare'), 'bare');
  });

  it('files one copy per distinct mailbox and reads it by either spelling', async () => {
    const store = new MailStore();
    const ids = store.deliver(['X@example.com', 'x+1@example.org', 'y@example.com'], raw('hello'), await simpleParser(raw('hello')));
    assert.equal(ids.length, 2);
    assert.equal(store.list('X').length, 1);
    assert.equal(store.get('x', ids[0]!)?.subject, 'hello');
    assert.equal(store.get('x', ids[0]!)?.date, '2024-10-01T10:00:00.000Z');
    assert.deepEqual(store.recent().map((message) => message.mailbox).sort(), ['x', 'y']);
  });

  it('keeps only the newest messages of a mailbox', async () => {
    const store = new MailStore();
    const parsed = await simpleParser(raw('many'));
    for (let index = 0; index < MAILBOX_CAP + 3; index += 1) store.deliver(['z@example.com'], raw('many'), parsed);
    const list = store.list('z');
    assert.equal(list.length, MAILBOX_CAP);
    assert.ok(list[0]!.id.endsWith('-0004'), list[0]!.id);
  });
});
