/**
 * The local Studio's page: `GET /` answers the HTML shell of the React application in studio/
 * (built by scripts/bundle-studio.js into dist/studio) with what it needs to talk to this stack,
 * and `/studio/<file>` its script and style sheet. There is no sign-in: like the original's
 * Studio container on this port, the page is the local stack's owner. What keeps other web pages
 * from reading the keys in it is the browser's same-origin rule (no CORS on these routes), the
 * loopback Host check (DNS rebinding) and a policy that forbids framing it.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { escapeHtml, loopbackHost, sendHtmlPage } from './http-helpers.js';
import type { PlatformSettings } from './platform-settings.js';

/** `/studio/<name>.js|css`: the bundle's files only, never a path with a folder in it. */
export const STUDIO_ASSET_PATTERN = /^\/studio\/(?<name>[a-z0-9-]+\.(?:js|css))$/;

const CONTENT_TYPES: Readonly<Record<string, string>> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** What the application reads from the page (studio/config.ts has the same shape). */
export interface StudioPageConfig {
  projectId: string;
  apiUrl: string;
  graphqlUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Whether snippets can be saved: the server knows the project folder. */
  snippets: boolean;
}

/** JSON that can sit inside a <script> element: `<` escaped, so no `</script>` closes it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** GET /: the application's shell, or a page saying why it cannot be served. */
export function showStudioPage(req: IncomingMessage, res: ServerResponse, settings: PlatformSettings): void {
  if (!loopbackHost(req)) return sendHtmlPage(res, 421, 'Wrong host', '<p>Open the Studio through 127.0.0.1 or localhost.</p>');
  const studio = settings.studio;
  if (!studio) return sendHtmlPage(res, 503, 'Studio not available', '<p>This server was started by an older build. Run <code>supabase stop</code>, then <code>supabase start</code>.</p>');
  if (!studio.assetsDir) return sendHtmlPage(res, 503, 'Studio not built', '<p>The Studio application is missing from this installation. Run <code>npm run build</code>, then <code>supabase start</code> again.</p>');
  const config: StudioPageConfig = {
    projectId: settings.projectId,
    apiUrl: studio.apiUrl,
    graphqlUrl: studio.graphqlUrl,
    dbUrl: studio.dbUrl,
    anonKey: settings.anonKey,
    serviceRoleKey: settings.serviceRoleKey,
    jwtSecret: studio.jwtSecret,
    snippets: studio.projectRoot !== undefined,
  };
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    // The page talks to this server and to the stack's API, nothing else.
    'Content-Security-Policy': `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ${new URL(studio.apiUrl).origin}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<meta name="color-scheme" content="light dark">' +
      // An empty icon: without one the browser asks for /favicon.ico and logs the 404.
      `<title>Studio · ${escapeHtml(settings.projectId)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/studio/index.css">` +
      `<script id="studio-config" type="application/json">${scriptJson(config)}</script><script defer src="/studio/index.js"></script>` +
      '</head><body><div id="root"><noscript>The Studio needs JavaScript.</noscript></div></body></html>',
  );
}

/** GET /studio/<file>: a file of the built application. */
export async function sendStudioAsset(res: ServerResponse, name: string, settings: PlatformSettings): Promise<void> {
  const dir = settings.studio?.assetsDir;
  const text = dir ? await readFile(path.join(dir, name)).catch(() => undefined) : undefined;
  if (!text) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  // Revalidated each time: a rebuild changes the files under the same names.
  res.writeHead(200, { 'Content-Type': CONTENT_TYPES[path.extname(name)]!, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
  res.end(text);
}
