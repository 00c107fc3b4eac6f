/**
 * The route table of the Storage API: every route storage-api v0.46.4 serves that the native
 * runtime serves, by file: buckets, objects, transfers, signed URLs, image transformations
 * (`/render/image`) and resumable uploads (`/upload/resumable`).
 */
import { BUCKET_ROUTES } from './bucket-routes.js';
import { OBJECT_ROUTES } from './object-routes.js';
import { RENDER_ROUTES } from './render-routes.js';
import { RESUMABLE_ROUTES } from './resumable-routes.js';
import { SIGNED_URL_ROUTES } from './signed-url-routes.js';
import type { StorageRoute } from './storage-route.js';
import { TRANSFER_ROUTES } from './transfer-routes.js';

/** storage-api's `/version` and `/status`, which need no key (its health checks use them). */
const SERVICE_ROUTES: readonly StorageRoute[] = [
  { method: 'GET', url: '/version', handler: async (_context, _request, reply) => reply.type('text/plain; charset=utf-8').send('0.46.4') },
  { method: 'GET', url: '/status', handler: async (_context, _request, reply) => reply.code(200).send() },
];

export const STORAGE_ROUTES: readonly StorageRoute[] = [...SERVICE_ROUTES, ...BUCKET_ROUTES, ...OBJECT_ROUTES, ...TRANSFER_ROUTES, ...SIGNED_URL_ROUTES, ...RENDER_ROUTES, ...RESUMABLE_ROUTES];
