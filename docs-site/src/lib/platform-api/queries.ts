// Query definitions: one cache key per resource (upstream's TanStack query keys), shared by
// every widget on the page, so two widgets cost no more requests than one. The token is not part
// of the key because the cache is emptied whenever the session ends (see src/state/platform-environment.ts).
//
// The token is read when a request starts, not when the component rendered: a render can lag
// behind the session (React may render a query update before the jotai update that ended the
// session), and a read must never go out with a session that is already over.
import { queryOptions } from '@tanstack/react-query';
import { platformGet } from './client';

/** Reads the current access token (undefined when signed out). */
export type TokenReader = () => string | undefined;

export const organizationsQuery = (token: TokenReader) =>
  queryOptions({
    queryKey: ['organizations'] as const,
    queryFn: ({ signal }) => platformGet('/platform/organizations', { token: token(), signal }),
  });

export const projectsQuery = (token: TokenReader) =>
  queryOptions({
    queryKey: ['all-projects'] as const,
    queryFn: ({ signal }) => platformGet('/platform/projects', { token: token(), signal }),
  });

export const branchesQuery = (token: TokenReader, projectRef: string | undefined) =>
  queryOptions({
    queryKey: ['projects', projectRef, 'branches'] as const,
    queryFn: ({ signal }) => platformGet('/v1/projects/{ref}/branches', { token: token(), signal, params: { ref: requireRef(projectRef) } }),
  });

export const projectApiQuery = (token: TokenReader, projectRef: string | undefined) =>
  queryOptions({
    queryKey: ['projects', projectRef, 'api'] as const,
    queryFn: ({ signal }) => platformGet('/platform/props/project/{ref}/api', { token: token(), signal, params: { ref: requireRef(projectRef) } }),
  });

/** Queries for a project are disabled until a ref exists; reaching here without one is a bug. */
function requireRef(projectRef: string | undefined): string {
  if (!projectRef) throw new Error('projectRef is required');
  return projectRef;
}
