/**
 * A local stand-in for the hosted Management API that follows management-api.yaml: every request
 * is matched to an operation of the spec and checked (known route and method, bearer token where
 * the operation is secured, path parameter lengths, a JSON body where one is required) before a
 * test's handler answers it; every answer is checked against the operation's response schema.
 * Anything off is recorded in `violations`, which tests assert to be empty.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'yaml';

type Schema = {
  $ref?: string;
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  minLength?: number;
  maxLength?: number;
};
interface Operation {
  operationId: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  requestBody?: { required?: boolean };
  responses: Record<string, { content?: { 'application/json'?: { schema?: Schema } } }>;
  security?: unknown[];
}
interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export interface HandledRequest {
  operationId: string;
  params: Record<string, string>;
  body: unknown;
  headers: IncomingMessage['headers'];
}

/** A test's answer: a status and a JSON body. */
export type Handler = (request: HandledRequest) => { status: number; body?: unknown };

const SPEC_FILE = new URL('../../docs-site/data/management-api.yaml', import.meta.url);

export class ManagementApiServer {
  readonly violations: string[] = [];
  readonly requests: HandledRequest[] = [];
  private readonly spec: Spec = parse(readFileSync(SPEC_FILE, 'utf8')) as Spec;
  private server?: Server;

  constructor(private readonly handlers: Record<string, Handler>) {}

  /** Listens on a free loopback port and resolves with the base URL. */
  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let text = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (text += chunk));
      request.on('end', () => {
        const answer = this.answer(request, text);
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private answer(request: IncomingMessage, text: string): { status: number; body?: unknown } {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = (request.method ?? 'GET').toLowerCase();
    const match = this.match(url.pathname, method);
    if (!match) {
      this.violations.push(`${method.toUpperCase()} ${url.pathname} is not an operation of management-api.yaml`);
      return { status: 404, body: { message: 'not in the spec' } };
    }
    const { operation, params } = match;
    this.checkRequest(operation, params, request, text);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      this.violations.push(`${operation.operationId}: the request body is not JSON`);
    }
    const handled: HandledRequest = { operationId: operation.operationId, params, body, headers: request.headers };
    this.requests.push(handled);
    const handler = this.handlers[operation.operationId];
    if (!handler) return { status: 500, body: { message: `no handler for ${operation.operationId} in this test` } };
    const answer = handler(handled);
    const schema = operation.responses[String(answer.status)]?.content?.['application/json']?.schema;
    if (schema) this.checkValue(schema, answer.body, `${operation.operationId} response`);
    else if (!operation.responses[String(answer.status)]) this.violations.push(`${operation.operationId}: status ${answer.status} is not a documented response`);
    return answer;
  }

  private match(pathname: string, method: string): { operation: Operation; params: Record<string, string> } | undefined {
    for (const [template, operations] of Object.entries(this.spec.paths)) {
      const names: string[] = [];
      const pattern = new RegExp(`^${template.replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
      const found = pattern.exec(pathname);
      if (!found || !operations[method]) continue;
      return { operation: operations[method], params: Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1])])) };
    }
    return undefined;
  }

  private checkRequest(operation: Operation, params: Record<string, string>, request: IncomingMessage, text: string): void {
    const id = operation.operationId;
    if (operation.security?.length && !/^Bearer \S+$/.test(request.headers.authorization ?? '')) {
      this.violations.push(`${id}: missing bearer token`);
    }
    if (!/^SupabaseCLI\//.test(request.headers['user-agent'] ?? '')) this.violations.push(`${id}: User-Agent is not SupabaseCLI/<version>`);
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in !== 'path') continue;
      const value = params[parameter.name] ?? '';
      const { minLength, maxLength } = parameter.schema ?? {};
      if ((minLength !== undefined && value.length < minLength) || (maxLength !== undefined && value.length > maxLength)) {
        this.violations.push(`${id}: path parameter ${parameter.name}="${value}" breaks its length limits`);
      }
    }
    if (operation.requestBody?.required && !text) this.violations.push(`${id}: the required request body is missing`);
  }

  /** A small JSON-schema check: types, required properties, nested objects and arrays. */
  private checkValue(schema: Schema, value: unknown, where: string): void {
    const resolved = schema.$ref ? this.spec.components.schemas[schema.$ref.split('/').pop() ?? ''] : schema;
    if (!resolved) return;
    const type = resolved.type;
    const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
    if (type && !(type === actual || (type === 'number' && actual === 'integer'))) {
      this.violations.push(`${where}: expected ${type}, got ${actual}`);
      return;
    }
    if (type === 'object' && value && typeof value === 'object') {
      for (const name of resolved.required ?? []) if (!(name in value)) this.violations.push(`${where}: missing required ${name}`);
      for (const [name, property] of Object.entries(resolved.properties ?? {})) {
        const item = (value as Record<string, unknown>)[name];
        if (item !== undefined) this.checkValue(property, item, `${where}.${name}`);
      }
    }
    if (type === 'array' && Array.isArray(value) && resolved.items) value.forEach((item, index) => this.checkValue(resolved.items!, item, `${where}[${index}]`));
  }
}
