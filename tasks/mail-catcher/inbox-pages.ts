/**
 * The web inbox's pages, rendered on the server with no script: the newest messages of every
 * mailbox at `/`, one mailbox at `/m/{name}`, one message at `/m/{name}/{id}` (Inbucket's paths).
 * A message's HTML body is shown in a sandboxed frame, so its scripts never run while its links
 * (an auth email's confirmation link, say) still open.
 */
import type { MessageDetail, MessageHeader } from './mail-store.js';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}
a{color:#1a7f5a}iframe{width:100%;height:32rem;border:1px solid #ddd}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f6f6;padding:1rem}
form{margin:1rem 0}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>
<p><a href="/">All mail</a></p>
<form action="/m" method="get"><label>Mailbox <input name="mailbox" required placeholder="name (the part before @)"></label> <button>Open</button></form>
<h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

const messageHref = (message: MessageHeader) => `/m/${encodeURIComponent(message.mailbox)}/${encodeURIComponent(message.id)}`;

function messageTable(messages: MessageHeader[]): string {
  if (messages.length === 0) return '<p>No messages.</p>';
  const rows = messages.map(
    (message) =>
      `<tr><td><a href="/m/${encodeURIComponent(message.mailbox)}">${escapeHtml(message.mailbox)}</a></td><td>${escapeHtml(message.from)}</td>` +
      `<td><a href="${messageHref(message)}">${escapeHtml(message.subject || '(no subject)')}</a></td><td>${escapeHtml(message.date)}</td></tr>`,
  );
  return `<table><thead><tr><th>Mailbox</th><th>From</th><th>Subject</th><th>Date</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** `/`: the newest messages of all mailboxes. */
export function overviewPage(messages: MessageHeader[], smtp: string): string {
  return page('Mail caught by the local stack', `<p>Mail sent by SMTP to ${escapeHtml(smtp)} lands here, filed by recipient.</p>${messageTable(messages)}`);
}

/** `/m/{name}`: one mailbox, newest first. */
export function mailboxPage(mailbox: string, messages: MessageHeader[]): string {
  return page(`Mailbox ${mailbox}`, messageTable([...messages].reverse()));
}

/** `/m/{name}/{id}`: one message. */
export function messagePage(message: MessageDetail): string {
  const source = `/api/v1/mailbox/${encodeURIComponent(message.mailbox)}/${encodeURIComponent(message.id)}/source`;
  const html = message.body.html
    ? `<h2>HTML</h2><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(`<base target="_blank">${message.body.html}`)}"></iframe>`
    : '';
  const attachments = message.attachments.length
    ? `<h2>Attachments</h2><ul>${message.attachments.map((file) => `<li>${escapeHtml(file.filename || '(unnamed)')} (${escapeHtml(file['content-type'])}, ${file.size} bytes)</li>`).join('')}</ul>`
    : '';
  return page(
    message.subject || '(no subject)',
    `<p>From ${escapeHtml(message.from)} to ${escapeHtml(message.to.join(', '))}, ${escapeHtml(message.date)} · <a href="${source}">source</a></p>` +
      `${html}<h2>Text</h2><pre>${escapeHtml(message.body.text)}</pre>${attachments}`,
  );
}

/** A page for a mailbox or message that is not there. */
export function notFoundPage(what: string): string {
  return page('Not found', `<p>${escapeHtml(what)}</p>`);
}
