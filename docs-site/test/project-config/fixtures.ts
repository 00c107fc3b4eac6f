// Platform data for the widget tests, typed by the OpenAPI description's generated types.
import type { Branch, Organization, Project, ProjectApi } from '../../src/lib/platform-api/types';

export const ACME: Organization = { id: 1, name: 'Acme', slug: 'acme' };
export const BETA: Organization = { id: 2, name: 'Beta', slug: 'beta' };

const project = (id: number, ref: string, name: string, org: Organization, extra: Partial<Project> = {}): Project => ({
  id,
  ref,
  name,
  organization_id: org.id,
  status: 'ACTIVE_HEALTHY',
  region: 'local',
  is_branch_enabled: false,
  ...extra,
});

export const ACME_APP = project(1, 'acmeapp', 'Acme app', ACME);
export const BETA_APP = project(2, 'betaapp', 'Beta app', BETA);
export const ACME_BRANCHING = project(3, 'acmebranching', 'Branching app', ACME, { is_branch_enabled: true });

const branch = (id: string, name: string, projectRef: string, parentRef: string): Branch => ({
  id,
  name,
  project_ref: projectRef,
  parent_project_ref: parentRef,
  is_default: projectRef === parentRef,
  reset_on_push: false,
  status: 'MIGRATIONS_PASSED',
  created_at: '2024-02-01T00:00:00Z',
  updated_at: '2024-02-01T00:00:00Z',
});

export const FEATURE_BRANCH = branch('7d0c1e4a-0000-4000-8000-000000000001', 'feature', 'featureref', ACME_BRANCHING.ref);
export const MAIN_BRANCH = branch('7d0c1e4a-0000-4000-8000-000000000002', 'main', ACME_BRANCHING.ref, ACME_BRANCHING.ref);
export const OTHER_BRANCH = branch('7d0c1e4a-0000-4000-8000-000000000003', 'other', 'otherref', ACME_BRANCHING.ref);

/** API settings whose values name the ref, so a test sees which project's settings are shown. */
export const apiSettings = (ref: string): ProjectApi => ({
  autoApiService: { protocol: 'https', endpoint: `${ref}.example.test`, defaultApiKey: `anon-key-of-${ref}`, serviceApiKey: `service-key-of-${ref}` },
});

export const urlOf = (ref: string) => `https://${ref}.example.test`;
export const anonKeyOf = (ref: string) => `anon-key-of-${ref}`;
