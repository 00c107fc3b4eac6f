/**
 * The JSON routes the Studio page calls on its own origin (`/api/...`): postgres-meta through the
 * stack's gateway, with the service_role key added here as the original's Studio server adds it,
 * the SQL editor's snippets and the migration files in the project folder. Only the page itself may call them: a
 * loopback Host, no foreign Origin, and bodies of type application/json (which no other site can
 * send without a preflight this server never grants).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { proxyRequest } from '../api/gateway/proxy.js';
import { loopbackHost, readJson, sendJson } from './http-helpers.js';
import type { PlatformSettings } from './platform-settings.js';
import { answerMigrationFiles } from './studio-migrations.js';
import { SNIPPET_NAME, SNIPPET_NAME_RULE, listSnippets, saveSnippet, snippetName } from './snippet-files.js';

/** Largest snippet accepted: a script, not a dump. */
const MAX_SNIPPET_BYTES = 1024 * 1024;

/** Headers that belong to the browser's request to this server, not to the gateway. */
const BROWSER_ONLY = ['cookie', 'origin', 'referer', 'authorization', 'apikey'];

/** Whether the request comes from a page of this server (or no page at all: curl, tests). */
function fromStudio(req: IncomingMessage): boolean {
  if (!loopbackHost(req)) return false;
  const origin = req.headers.origin;
  return origin === undefined || origin === `http://${req.headers.host}`;
}

/** `/api/pg-meta/<path>`: postgres-meta's route behind the gateway's `/pg/`. */
function forwardToPgMeta(req: IncomingMessage, res: ServerResponse, url: URL, settings: PlatformSettings, log: (line: string) => void): void {
  const studio = settings.studio!;
  for (const name of BROWSER_ONLY) delete req.headers[name];
  req.headers.apikey = settings.serviceRoleKey;
  req.headers.authorization = `Bearer ${settings.serviceRoleKey}`;
  const rest = url.pathname.slice('/api/pg-meta/'.length);
  proxyRequest(req, res, studio.apiUrl, `/pg/${rest}${url.search}`, log);
}

async function answerSnippets(req: IncomingMessage, res: ServerResponse, url: URL, projectRoot: string | undefined): Promise<void> {
  if (!projectRoot) return sendJson(res, 409, { message: 'snippets cannot be saved: this server was started without a project folder; run supabase start in the project' });
  if (url.pathname === '/api/snippets' && req.method === 'GET') return sendJson(res, 200, await listSnippets(projectRoot));
  const match = /^\/api\/snippets\/(?<name>[^/]+)$/.exec(url.pathname);
  if (!match || req.method !== 'PUT') return sendJson(res, 404, { message: 'Not found' });
  const name = snippetName(decodeURIComponent(match.groups!.name!));
  if (!SNIPPET_NAME.test(name)) return sendJson(res, 400, { message: `invalid snippet name "${name}": ${SNIPPET_NAME_RULE}` });
  const body = (await readJson(req, MAX_SNIPPET_BYTES)) as { sql?: unknown } | undefined;
  if (typeof body?.sql !== 'string') return sendJson(res, 400, { message: 'the body must be JSON {"sql": "<query>"} of at most 1 MiB' });
  const file = await saveSnippet(projectRoot, { name, sql: body.sql });
  sendJson(res, 200, { name, file });
}

/** Answers a `/api/...` request of the Studio page. */
export async function answerStudioApi(req: IncomingMessage, res: ServerResponse, url: URL, settings: PlatformSettings, log: (line: string) => void): Promise<void> {
  if (!fromStudio(req)) return sendJson(res, 403, { message: 'only the Studio page of this server may call its API' });
  if (!settings.studio) return sendJson(res, 503, { message: 'the Studio is not available from this server: run supabase stop, then supabase start' });
  const writes = req.method !== 'GET' && req.method !== 'HEAD';
  if (writes && (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/json') {
    return sendJson(res, 415, { message: 'send the body as application/json' });
  }
  if (url.pathname.startsWith('/api/pg-meta/')) return forwardToPgMeta(req, res, url, settings, log);
  if (url.pathname === '/api/snippets' || url.pathname.startsWith('/api/snippets/')) return answerSnippets(req, res, url, settings.studio.projectRoot);
  if (url.pathname === '/api/migrations' && req.method === 'GET') return answerMigrationFiles(res, settings.studio.projectRoot);
  sendJson(res, 404, { message: 'Not found' });
}
