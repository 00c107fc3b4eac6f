/**
 * A local stand-in for the hosted Management API that follows management-api.yaml. Requests are
 * matched to an operation of the spec and validated (route, method, path and query parameters,
 * request body) by openapi-backend, a maintained OpenAPI library; the bearer token and the
 * original's User-Agent are checked as every secured operation requires. A test's handler then
 * answers, and that answer is validated against the operation's documented responses. Anything
 * off is recorded in `violations`, which tests assert to be empty.
 *
 * `extraRoutes` answers paths the platform serves outside the v1 spec (the browser login's
 * `/platform/cli/login/{session}`); they are named explicitly so nothing slips in unnoticed.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './close-server.js';
import { OpenAPIBackend, type Document, type Operation } from 'openapi-backend';
import { parse } from 'yaml';

export interface HandledRequest {
  operationId: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body, parsed; undefined when there is none or it is not JSON. */
  body: unknown;
  /** The body as bytes (eszip uploads and other non-JSON bodies). */
  raw: Buffer;
  headers: IncomingMessage['headers'];
}

/** A test's answer: a status and a JSON body, or raw bytes with their content type. */
export interface Answer {
  status: number;
  body?: unknown;
  raw?: Buffer | string;
  contentType?: string;
  headers?: Record<string, string>;
  /**
   * Why this status is answered although the spec does not document it (the platform answers 404
   * for an unknown function slug, say, where the spec lists only 200, 403 and 500). Only a status
   * with a stated reason is let through.
   */
  undocumented?: string;
}

export type Handler = (request: HandledRequest) => Answer | Promise<Answer>;

const SPEC_FILE = new URL('../../docs-site/data/management-api.yaml', import.meta.url);

/**
 * The validator, built once per test process: compiling every schema of the spec takes seconds,
 * and validation keeps no state between requests.
 */
let shared: Promise<OpenAPIBackend> | undefined;
function specBackend(): Promise<OpenAPIBackend> {
  shared ??= (async () => {
    const definition = parse(readFileSync(SPEC_FILE, 'utf8')) as Document;
    const backend = new OpenAPIBackend({ definition: withRegexLiteralsUnwrapped(withoutUntypedNullable(definition)), validate: true, quick: false, ajvOpts: { allErrors: true } });
    await backend.init();
    return backend;
  })();
  return shared;
}

export class ManagementApiServer {
  readonly violations: string[] = [];
  readonly requests: HandledRequest[] = [];
  private backend!: OpenAPIBackend;
  private server?: Server;

  constructor(
    private readonly handlers: Record<string, Handler>,
    private readonly extraRoutes: Record<string, Handler> = {},
  ) {}

  /** Listens on a free loopback port and resolves with the base URL. */
  async start(): Promise<string> {
    this.backend = await specBackend();
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.answer(request, Buffer.concat(chunks)).then(
          (answer) => {
            const raw = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
            response.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json', ...answer.headers });
            response.end(raw);
          },
          (error: Error) => {
            this.violations.push(`the test's handler threw: ${error.message}`);
            response.writeHead(500, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ message: error.message }));
          },
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }

  /** The requests one operation received, in order. */
  calls(operationId: string): HandledRequest[] {
    return this.requests.filter((request) => request.operationId === operationId);
  }

  private async answer(request: IncomingMessage, raw: Buffer): Promise<Answer> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = (request.method ?? 'GET').toLowerCase();
    const body = parseJson(raw, request.headers['content-type']);
    const extra = this.extraRoute(method, url.pathname);
    if (extra) {
      const handled = { operationId: extra.name, params: extra.params, query: url.searchParams, body, raw, headers: request.headers };
      this.requests.push(handled);
      return extra.handler(handled);
    }
    const shaped = { method, path: url.pathname, query: url.search.slice(1), headers: flatHeaders(request.headers), body };
    const operation = this.backend.matchOperation(shaped);
    if (!operation) {
      this.violations.push(`${method.toUpperCase()} ${url.pathname} is not an operation of management-api.yaml`);
      return { status: 404, body: { message: 'not in the spec' } };
    }
    const id = operation.operationId ?? `${method} ${operation.path}`;
    const params = this.backend.router.parseRequest(shaped, operation).params as Record<string, string>;
    this.checkRequest(id, operation, shaped, request);
    const handled: HandledRequest = { operationId: id, params, query: url.searchParams, body, raw, headers: request.headers };
    this.requests.push(handled);
    const handler = this.handlers[id];
    if (!handler) {
      this.violations.push(`${id}: no handler in this test`);
      return { status: 500, body: { message: `no handler for ${id} in this test` } };
    }
    const answer = await handler(handled);
    this.checkAnswer(id, operation, answer);
    return answer;
  }

  private checkRequest(id: string, operation: Operation, shaped: Parameters<OpenAPIBackend['validateRequest']>[0], request: IncomingMessage): void {
    if (operation.security?.length && !/^Bearer \S+$/.test(request.headers.authorization ?? '')) this.violations.push(`${id}: missing bearer token`);
    if (!/^SupabaseCLI\//.test(request.headers['user-agent'] ?? '')) this.violations.push(`${id}: User-Agent is not SupabaseCLI/<version>`);
    const result = this.backend.validateRequest(shaped, operation);
    // A body in a documented non-JSON media type (the eszip upload of createFunction) is bytes: its
    // media type is checked, not the JSON schema the spec lists beside it.
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim();
    const bytesBody = shaped.body === undefined && mediaType !== '' && !mediaType.includes('json') && Boolean(requestContent(operation)?.[mediaType]);
    for (const error of result.errors ?? []) {
      if (bytesBody && error.params && (error.params as { missingProperty?: string }).missingProperty === 'requestBody') continue;
      this.violations.push(`${id} request: ${describe(error)}`);
    }
    if (mediaType && !mediaType.includes('json') && requestContent(operation) && !requestContent(operation)?.[mediaType]) {
      this.violations.push(`${id} request: media type ${mediaType} is not documented`);
    }
  }

  private checkAnswer(id: string, operation: Operation, answer: Answer): void {
    const documented = operation.responses?.[String(answer.status)] ?? operation.responses?.default;
    // The platform's authentication layer answers 401 for any secured route before the route runs;
    // the spec leaves that answer out of every operation.
    if (answer.status === 401 && operation.security?.length) return;
    if (!documented && answer.undocumented) return;
    if (!documented) {
      this.violations.push(`${id}: status ${answer.status} is not a documented response`);
      return;
    }
    if (answer.raw !== undefined) return;
    const result = this.backend.validateResponse(answer.body, operation, answer.status);
    for (const error of result.errors ?? []) this.violations.push(`${id} response: ${describe(error)}`);
  }

  private extraRoute(method: string, pathname: string): { name: string; handler: Handler; params: Record<string, string> } | undefined {
    for (const [route, handler] of Object.entries(this.extraRoutes)) {
      const [routeMethod, template] = route.split(' ');
      if (routeMethod.toLowerCase() !== method) continue;
      const names: string[] = [];
      const pattern = new RegExp(`^${template.replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
      const found = pattern.exec(pathname);
      if (found) return { name: route, handler, params: Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1])])) };
    }
    return undefined;
  }
}

/**
 * The spec marks some `allOf: [$ref]` properties `nullable` without a `type`. OpenAPI 3.0.3 says
 * `nullable` has no effect without an explicit `type`, and ajv refuses such a schema outright, so
 * those markers are dropped (on a copy); every other keyword is validated as written.
 */
function withoutUntypedNullable<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutUntypedNullable) as T;
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([key]) => !(key === 'nullable' && !('type' in (value as object))))
    .map(([key, item]) => [key, withoutUntypedNullable(item)]);
  return Object.fromEntries(entries) as T;
}

/**
 * A few `pattern`s are written as JavaScript regex literals, slashes included (the one for secret
 * names forbids the SUPABASE_ prefix that way); taken literally, no name could ever match. JSON Schema patterns have
 * no delimiters, so the slashes are dropped (on a copy) and the expression is checked as meant.
 */
function withRegexLiteralsUnwrapped<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withRegexLiteralsUnwrapped) as T;
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => {
    if (key === 'pattern' && typeof item === 'string' && /^\/.+\/$/.test(item)) return [key, item.slice(1, -1)];
    return [key, withRegexLiteralsUnwrapped(item)];
  });
  return Object.fromEntries(entries) as T;
}

/** The media types an operation's request body may have, when it takes one. */
function requestContent(operation: Operation): Record<string, unknown> | undefined {
  const body = operation.requestBody as { content?: Record<string, unknown> } | undefined;
  return body?.content;
}

function parseJson(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0 || (contentType && !contentType.includes('json'))) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

function flatHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value ?? '']));
}

/** One ajv error as a line: where, and what is wrong. */
function describe(error: { instancePath?: string; message?: string; params?: unknown }): string {
  const where = error.instancePath || '/';
  const detail = error.params && typeof error.params === 'object' ? ` ${JSON.stringify(error.params)}` : '';
  return `${where} ${error.message ?? 'is invalid'}${detail}`;
}
