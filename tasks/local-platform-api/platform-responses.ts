/**
 * The bodies the local platform API answers with: the local project seen the way the docs
 * site's API-settings widget reads the hosted platform (upstream's /platform/... routes). There is one
 * organization and one project; the project's ref is the config's project_id.
 */
import type { PlatformSettings } from './platform-settings.js';

/** The single organization's id: the widget compares ids as numbers (`Number(saved)`). */
export const LOCAL_ORGANIZATION_ID = 1;

/** An organization as `GET /platform/organizations` lists it. */
export interface OrganizationBody {
  id: number;
  name: string;
  slug: string;
  billing_email: string | null;
  is_owner: boolean;
}

/** A project as `GET /platform/projects` lists it (the array form, before the `Version: 2` header). */
export interface ProjectBody {
  id: number;
  ref: string;
  name: string;
  organization_id: number;
  status: 'ACTIVE_HEALTHY';
  region: 'local';
  cloud_provider: 'localhost';
  inserted_at: string;
  is_branch_enabled: false;
  preview_branch_refs: string[];
}

/** One entry of `autoApiService.service_api_keys`. */
export interface ServiceApiKeyBody {
  api_key: string;
  name: 'anon key' | 'service_role key';
  tags: 'anon' | 'service_role';
}

/** `GET /platform/props/project/{ref}/api`. */
export interface ProjectApiBody {
  autoApiService: {
    id: number;
    name: string;
    project: { ref: string };
    app: { id: number; name: string };
    app_config: { db_schema: string; endpoint: string; realtime_enabled: boolean };
    protocol: 'http';
    endpoint: string;
    restUrl: string;
    defaultApiKey: string;
    serviceApiKey: string;
    service_api_keys: ServiceApiKeyBody[];
  };
}

/** The organizations list. */
export function organizationsBody(): OrganizationBody[] {
  return [{ id: LOCAL_ORGANIZATION_ID, name: 'Local development', slug: 'local', billing_email: null, is_owner: true }];
}

/** The projects list: only the project this server was started for. */
export function projectsBody(settings: PlatformSettings): ProjectBody[] {
  return [
    {
      id: 1,
      ref: settings.projectId,
      name: settings.projectId,
      organization_id: LOCAL_ORGANIZATION_ID,
      status: 'ACTIVE_HEALTHY',
      region: 'local',
      cloud_provider: 'localhost',
      inserted_at: settings.startedAt,
      is_branch_enabled: false,
      preview_branch_refs: [],
    },
  ];
}

/**
 * The branches of a project without preview branching. The Management API documents only a
 * 200 array for this route (management-api.yaml, getBranches), so the answer is an empty one;
 * the widget never asks, since `is_branch_enabled` is false.
 */
export function branchesBody(): [] {
  return [];
}

/**
 * The API settings. The widget builds the URL from `protocol` + `endpoint` and shows
 * `defaultApiKey` as the anon key; later widget versions read `app_config.endpoint` and the
 * `service_api_keys` tags, so those carry the same values.
 */
export function projectApiBody(settings: PlatformSettings): ProjectApiBody {
  const endpoint = settings.apiEndpoint;
  return {
    autoApiService: {
      id: 1,
      name: 'Default API',
      project: { ref: settings.projectId },
      app: { id: 1, name: 'Auto API' },
      app_config: { db_schema: settings.dbSchemas.join(','), endpoint, realtime_enabled: settings.realtimeEnabled },
      protocol: 'http',
      endpoint,
      restUrl: `http://${endpoint}/rest/v1/`,
      defaultApiKey: settings.anonKey,
      serviceApiKey: settings.serviceRoleKey,
      service_api_keys: [
        { api_key: settings.anonKey, name: 'anon key', tags: 'anon' },
        { api_key: settings.serviceRoleKey, name: 'service_role key', tags: 'service_role' },
      ],
    },
  };
}

/** `GET /platform/profile`: who the session belongs to, so the docs site can check a token. */
export function profileBody(): { id: number; username: string; primary_email: string; first_name: string; last_name: string } {
  return { id: 1, username: 'local-developer', primary_email: 'developer@localhost', first_name: 'Local', last_name: 'Developer' };
}
