// A stand-in for the platform API behind globalThis.fetch: answers the widget's routes from
// fixtures, checks the bearer token, records every call (to count requests), and can fail or
// hold a route (a held request only ends when the caller aborts it).
import type { Branch, Organization, Project, ProjectApi } from '../../src/lib/platform-api/types';

export const VALID_TOKEN = 'valid-token';

export interface FakePlatformOptions {
  organizations?: Organization[];
  projects?: Project[];
  branches?: Record<string, Branch[]>;
  api?: Record<string, ProjectApi>;
  /** Route pattern (a substring of the path) answered with this status instead. */
  fail?: Record<string, number>;
  /** Route patterns that never answer. */
  hold?: string[];
}

export interface Call {
  method: string;
  url: string;
  path: string;
  authorization: string | null;
  /** Set when the caller aborted the request. */
  aborted: boolean;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function installFakePlatform(options: FakePlatformOptions = {}) {
  const calls: Call[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = new Headers(init.headers);
    const call: Call = { method: init.method ?? 'GET', url: url.href, path: url.pathname, authorization: headers.get('authorization'), aborted: false };
    calls.push(call);
    if (options.hold?.some((pattern) => url.pathname.includes(pattern))) {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => {
          call.aborted = true;
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        });
      });
    }
    const failure = Object.entries(options.fail ?? {}).find(([pattern]) => url.pathname.includes(pattern));
    if (failure) return json(failure[1], { message: `failed with ${failure[1]}` });
    if (call.authorization !== `Bearer ${VALID_TOKEN}`) return json(401, { message: 'Invalid or missing access token' });
    if (url.pathname === '/logout' && call.method === 'POST') return new Response(null, { status: 204 });
    if (url.pathname === '/platform/organizations') return json(200, options.organizations ?? []);
    if (url.pathname === '/platform/projects') return json(200, options.projects ?? []);
    const branches = /^\/v1\/projects\/([^/]+)\/branches$/.exec(url.pathname);
    if (branches) return json(200, options.branches?.[branches[1]!] ?? []);
    const api = /^\/platform\/props\/project\/([^/]+)\/api$/.exec(url.pathname);
    if (api && options.api?.[api[1]!]) return json(200, options.api[api[1]!]);
    return json(404, { message: 'Not found' });
  };
  return {
    calls,
    /** GET paths in call order. */
    reads: () => calls.filter((call) => call.method === 'GET').map((call) => call.path),
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
