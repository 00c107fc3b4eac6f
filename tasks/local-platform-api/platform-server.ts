/**
 * The local platform API: the few hosted-platform routes the docs site's API-settings widget
 * calls, answered for the one local project, behind sessions from the login page, and the
 * project-settings page its dashboard links open; and the local Studio at `/` with the routes
 * its page calls under `/api/` (studio-page.ts, studio-api.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { answerPreflight, applyCors } from './cors.js';
import { bearerToken, sendJson } from './http-helpers.js';
import { LoginForms, showLoginForm, submitLogin, submitLogout, type LoginContext } from './login-routes.js';
import { branchesBody, organizationsBody, profileBody, projectApiBody, projectsBody } from './platform-responses.js';
import type { PlatformSettings } from './platform-settings.js';
import type { SessionStore } from './session-store.js';
import { SETTINGS_PAGE_PATTERN, showSettingsPage } from './settings-page.js';
import { answerStudioApi } from './studio-api.js';
import { STUDIO_ASSET_PATTERN, sendStudioAsset, showStudioPage } from './studio-page.js';

/** What `GET /health` answers; platform-process.ts checks `project_id` to know the server is ours. */
export const HEALTH_SERVICE = 'supabase-local-platform-api';

/** Routes answered with JSON for a signed-in caller; `ref` is matched against the project id. */
const ROUTES: Array<{ pattern: RegExp; body: (settings: PlatformSettings) => unknown }> = [
  { pattern: /^\/platform\/organizations\/?$/, body: () => organizationsBody() },
  { pattern: /^\/platform\/projects\/?$/, body: projectsBody },
  { pattern: /^\/platform\/profile\/?$/, body: () => profileBody() },
  { pattern: /^\/v1\/projects\/(?<ref>[^/]+)\/branches\/?$/, body: () => branchesBody() },
  { pattern: /^\/platform\/props\/project\/(?<ref>[^/]+)\/api\/?$/, body: projectApiBody },
];

/** Options of createPlatformServer. */
export interface PlatformServerOptions {
  /** Receives one line per request and per session event; never tokens or keys. */
  log?: (line: string) => void;
}

function answerApi(req: IncomingMessage, res: ServerResponse, url: URL, settings: PlatformSettings, sessions: SessionStore): void {
  const route = ROUTES.find((candidate) => candidate.pattern.test(url.pathname));
  if (!route) return sendJson(res, 404, { message: 'Not found' });
  if (req.method !== 'GET') return sendJson(res, 405, { message: `Method ${req.method} not allowed` });
  // Authentication before the ref check: without a session nothing, not even which refs exist, is told.
  const token = bearerToken(req);
  if (!token || !sessions.isValid(token)) return sendJson(res, 401, { message: 'Invalid or missing access token' });
  const ref = route.pattern.exec(url.pathname)?.groups?.ref;
  if (ref !== undefined && ref !== settings.projectId) return sendJson(res, 404, { message: 'Project not found' });
  sendJson(res, 200, route.body(settings));
}

/** An http.Server answering the local platform routes; the caller listens on settings.host:port. */
export function createPlatformServer(settings: PlatformSettings, sessions: SessionStore, options: PlatformServerOptions = {}): Server {
  const log = options.log ?? (() => undefined);
  const login: LoginContext = { sessions, forms: new LoginForms(), docsOrigins: settings.docsOrigins, projectId: settings.projectId, log };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The Studio's routes come first and never get the docs site's CORS headers.
    if (url.pathname === '/' && req.method === 'GET') return showStudioPage(req, res, settings);
    const asset = STUDIO_ASSET_PATTERN.exec(url.pathname);
    if (asset && req.method === 'GET') return sendStudioAsset(res, asset.groups!.name!, settings);
    if (url.pathname.startsWith('/api/')) return answerStudioApi(req, res, url, settings, log);
    if (req.method === 'OPTIONS') return answerPreflight(req, res, settings.docsOrigins);
    applyCors(req, res, settings.docsOrigins);
    if (url.pathname === '/health' && req.method === 'GET') return sendJson(res, 200, { service: HEALTH_SERVICE, project_id: settings.projectId });
    if (url.pathname === '/login' && req.method === 'GET') return showLoginForm(url, res, login);
    if (url.pathname === '/login' && req.method === 'POST') return submitLogin(req, res, login);
    if (url.pathname === '/logout' && req.method === 'POST') return submitLogout(req, res, login);
    const settingsPage = SETTINGS_PAGE_PATTERN.exec(url.pathname);
    if (settingsPage && req.method === 'GET') return showSettingsPage(req, res, settingsPage.groups!.ref!, settings);
    answerApi(req, res, url, settings, sessions);
  }

  return createServer((req, res) => {
    res.on('finish', () => log(`${req.method} ${new URL(req.url ?? '/', 'http://localhost').pathname} ${res.statusCode}`));
    handle(req, res).catch((error: unknown) => {
      log(`error: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal error of the local platform API' });
      else res.destroy();
    });
  });
}
