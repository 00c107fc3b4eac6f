/**
 * The page the docs site's "dashboard" links open: `/project/<ref>/settings/api`, the route the
 * hosted dashboard uses for a project's API settings (`_` lets it pick the project). Locally it
 * shows the project URL and the anon key, which client code ships anyway. The service_role key
 * is not on it: a link opens it without a session, and that key bypasses Row Level Security.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml, loopbackHost, sendHtmlPage } from './http-helpers.js';
import type { PlatformSettings } from './platform-settings.js';

/** `/project/<ref>/settings/api`, with or without a trailing slash. */
export const SETTINGS_PAGE_PATTERN = /^\/project\/(?<ref>[^/]+)\/settings\/api\/?$/;

function field(id: string, label: string, value: string): string {
  return `<label for="${id}">${escapeHtml(label)}</label><input id="${id}" readonly value="${escapeHtml(value)}">`;
}

/** GET /project/<ref>/settings/api: the local project's URL and anon key. */
export function showSettingsPage(req: IncomingMessage, res: ServerResponse, ref: string, settings: PlatformSettings): void {
  if (!loopbackHost(req)) {
    sendHtmlPage(res, 421, 'Wrong host', '<p>Open this page through 127.0.0.1 or localhost.</p>');
    return;
  }
  if (ref !== '_' && ref !== settings.projectId) {
    sendHtmlPage(res, 404, 'Project not found', `<p>This local API serves the project <code>${escapeHtml(settings.projectId)}</code> only.</p>`);
    return;
  }
  sendHtmlPage(
    res,
    200,
    `API settings of ${settings.projectId}`,
    `<p>The local project started by <code>supabase start</code>. Use these values in your client code.</p>` +
      field('project-url', 'Project URL', `http://${settings.apiEndpoint}`) +
      field('anon-key', 'Anon key', settings.anonKey) +
      '<p>The <code>service_role</code> key is not shown here because it bypasses Row Level Security. ' +
      'Run <code>supabase status</code> in the project folder to print it.</p>',
  );
}
