// Names for the response bodies, taken from the types generated out of openapi.json, so the widget
// and the OpenAPI description cannot disagree on a field without the compiler noticing.
import type { components, paths } from './schema.gen';

export type Organization = components['schemas']['Organization'];
export type Project = components['schemas']['Project'];
export type Branch = components['schemas']['Branch'];
export type ProjectApi = components['schemas']['ProjectApi'];

/** Routes of the description that answer GET. */
export type GetRoute = { [P in keyof paths]: paths[P] extends { get: unknown } ? P : never }[keyof paths];

type GetOperation<P extends GetRoute> = paths[P]['get'];

/** The JSON body a route answers with on success. */
export type SuccessBody<P extends GetRoute> = GetOperation<P> extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;

/** The path parameters of a route (`{ ref: string }`), or never for routes without any. */
export type PathParams<P extends GetRoute> = GetOperation<P> extends { parameters: { path: infer Params } } ? Params : never;
