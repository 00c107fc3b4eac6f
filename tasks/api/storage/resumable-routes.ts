/**
 * The routes of resumable uploads (`/upload/resumable`), as storage-api v0.46.4 declares them:
 * creation by POST, then HEAD, PATCH, DELETE (and PUT, POST) on the upload's URL, each with the
 * request's JWT; OPTIONS without one, as its super user. The route only learns who is asking (a
 * bad token is the usual JSON refusal) and hands the Node request and response to the TUS server
 * (resumable-upload.ts), which reads the body itself, chunk by chunk, to the file.
 */
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { StorageContext } from './storage-context.js';
import { scopeOf, userOf } from './storage-request.js';
import type { StorageRoute } from './storage-route.js';
import type { Server } from '@tus/server';
import type * as ResumableUpload from './resumable-upload.js';

/** One TUS server per Storage service (its context), made on the first resumable request. */
const servers = new WeakMap<StorageContext, Server>();

/**
 * The TUS server's module, loaded at the first resumable request rather than with the gateway:
 * @tus/server brings srvx, whose first touch of the fetch globals makes Node load undici, some
 * 10-15 ms of every start (and its memory) for an upload most stacks never see.
 */
let tus: Promise<typeof ResumableUpload> | undefined;

async function handOver(context: StorageContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const user = request.method === 'OPTIONS' ? context.superUser : await userOf(request, context);
  const { createResumableServer, rememberRequest } = await (tus ??= import('./resumable-upload.js'));
  rememberRequest(request.raw, { user, scope: scopeOf(request) });
  let server = servers.get(context);
  if (!server) {
    server = createResumableServer(context);
    servers.set(context, server);
  }
  reply.hijack();
  await server.handle(request.raw, reply.raw);
  return reply;
}

const route = (method: HTTPMethods, url: string): StorageRoute => ({ method, url, handler: handOver });

export const RESUMABLE_ROUTES: readonly StorageRoute[] = [
  route('POST', '/upload/resumable'),
  route('OPTIONS', '/upload/resumable'),
  ...(['POST', 'PUT', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'] as const).map((method) => route(method, '/upload/resumable/*')),
];
