/**
 * One route of the Storage API: its method and path under `/storage/v1` (fastify's syntax, `*`
 * being the object name with its slashes) and its handler, which gets the service's context. The
 * route files (bucket-routes.ts, object-routes.ts, ...) each export a list of these; the service
 * registers them all, and later parts (resumable uploads, image transformations) add their own
 * lists the same way.
 */
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { StorageSettings } from '../gateway/api-service.js';
import type { StorageContext } from './storage-context.js';

export interface StorageRoute {
  method: HTTPMethods;
  url: string;
  /** Whether the route exists with these settings (storage-api leaves a disabled feature's routes out); always when absent. */
  enabled?(settings: StorageSettings): boolean;
  handler(context: StorageContext, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** storage-api's `{message}` answer of a route that changes something (its createResponse). */
export function messageResponse(message: string): { message: string } {
  return { message };
}
