// The platform client and query definitions: bearer token, errors, cancellation, caching,
// settings, and no request for a project without its ref.
import './setup-dom';
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { platformGet } from '../../src/lib/platform-api/client';
import { PlatformApiError, isUnauthorized } from '../../src/lib/platform-api/errors';
import { branchesQuery, organizationsQuery, projectApiQuery } from '../../src/lib/platform-api/queries';
import { dashboardApiSettingsUrl, dashboardLoginUrl, platformSettings } from '../../src/lib/platform-api/settings';
import { createPlatformEnvironment as createEnvironment, type EnvironmentOptions, type PlatformEnvironment } from '../../src/state/platform-environment';
import { ACME, apiSettings } from './fixtures';
import { VALID_TOKEN, installFakePlatform } from './fake-platform';

let platform: ReturnType<typeof installFakePlatform>;
// Cleared after each test: a cached query's garbage-collection timer would keep the process alive.
const environments: PlatformEnvironment[] = [];
const createPlatformEnvironment = (options?: EnvironmentOptions) => {
  const environment = createEnvironment(options);
  environments.push(environment);
  return environment;
};
beforeEach(() => {
  platform = installFakePlatform({ organizations: [ACME], api: { acmeapp: apiSettings('acmeapp') }, hold: ['/held'] });
});
afterEach(() => {
  for (const environment of environments.splice(0)) environment.queryClient.clear();
  platform.restore();
  delete window.__SUPABASE_DOCS_PLATFORM__;
});

describe('platform client', () => {
  it('sends the bearer token to the configured API and returns the JSON body', async () => {
    assert.deepEqual(await platformGet('/platform/organizations', { token: VALID_TOKEN }), [ACME]);
    assert.equal(platform.calls[0]!.url, 'http://127.0.0.1:54323/platform/organizations');
    assert.equal(platform.calls[0]!.authorization, `Bearer ${VALID_TOKEN}`);
  });

  it('fills path parameters', async () => {
    assert.deepEqual(await platformGet('/platform/props/project/{ref}/api', { token: VALID_TOKEN, params: { ref: 'acmeapp' } }), apiSettings('acmeapp'));
    assert.equal(platform.calls[0]!.path, '/platform/props/project/acmeapp/api');
  });

  it('turns a 401 into an error the session layer recognises, with the server message', async () => {
    const error = await platformGet('/platform/organizations', { token: 'stale' }).catch((e: unknown) => e);
    assert.ok(error instanceof PlatformApiError);
    assert.equal(error.status, 401);
    assert.equal(error.message, 'Invalid or missing access token');
    assert.ok(isUnauthorized(error));
  });

  it('refuses to call without a token, without sending anything', async () => {
    await assert.rejects(platformGet('/platform/projects', { token: undefined }), /can't fetch authenticated routes without signing in/);
    assert.equal(platform.calls.length, 0);
  });

  it('reads the API and dashboard URLs from the page override before the build settings', () => {
    assert.deepEqual(platformSettings(), { apiUrl: 'http://127.0.0.1:54323', dashboardUrl: 'http://127.0.0.1:54323' });
    window.__SUPABASE_DOCS_PLATFORM__ = { apiUrl: 'http://127.0.0.1:6000/', dashboardUrl: 'http://127.0.0.1:6001' };
    assert.deepEqual(platformSettings(), { apiUrl: 'http://127.0.0.1:6000', dashboardUrl: 'http://127.0.0.1:6001' });
    assert.equal(dashboardLoginUrl('http://docs.test/a?b=1'), 'http://127.0.0.1:6001/login?redirect_to=http%3A%2F%2Fdocs.test%2Fa%3Fb%3D1');
  });

  it('sends dashboard links to the API\'s own server, or to the hosted dashboard for the hosted API', () => {
    window.__SUPABASE_DOCS_PLATFORM__ = { apiUrl: 'http://127.0.0.1:6000' };
    assert.equal(dashboardApiSettingsUrl(), 'http://127.0.0.1:6000/project/_/settings/api');
    window.__SUPABASE_DOCS_PLATFORM__ = { apiUrl: 'https://api.supabase.com/' };
    assert.equal(dashboardApiSettingsUrl(), 'https://supabase.com/dashboard/project/_/settings/api');
    assert.equal(dashboardLoginUrl('http://docs.test/a'), 'https://supabase.com/dashboard');
  });
});

describe('queries', () => {
  it('use the documented cache keys', () => {
    assert.deepEqual(organizationsQuery(() => 't').queryKey, ['organizations']);
    assert.deepEqual(branchesQuery(() => 't', 'r').queryKey, ['projects', 'r', 'branches']);
    assert.deepEqual(projectApiQuery(() => 't', 'r').queryKey, ['projects', 'r', 'api']);
  });

  it('raise "projectRef is required" without a ref, and send nothing', async () => {
    const { queryClient } = createPlatformEnvironment({ retryDelay: 0 });
    await assert.rejects(queryClient.fetchQuery(branchesQuery(() => VALID_TOKEN, undefined)), /^Error: projectRef is required$/);
    await assert.rejects(queryClient.fetchQuery(projectApiQuery(() => VALID_TOKEN, '')), /^Error: projectRef is required$/);
    assert.equal(platform.calls.length, 0);
  });

  it('answer a repeated read from the cache', async () => {
    const { queryClient } = createPlatformEnvironment();
    await queryClient.fetchQuery(projectApiQuery(() => VALID_TOKEN, 'acmeapp'));
    await queryClient.fetchQuery(projectApiQuery(() => VALID_TOKEN, 'acmeapp'));
    await queryClient.fetchQuery(organizationsQuery(() => VALID_TOKEN));
    assert.deepEqual(platform.reads(), ['/platform/props/project/acmeapp/api', '/platform/organizations']);
  });

  it('abort the request when the query is cancelled', async () => {
    const { queryClient } = createPlatformEnvironment();
    const held = { queryKey: ['held'], queryFn: ({ signal }: { signal: AbortSignal }) => platformGet('/platform/props/project/{ref}/api', { token: VALID_TOKEN, signal, params: { ref: 'held' } }) };
    const pending = queryClient.fetchQuery(held).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await queryClient.cancelQueries({ queryKey: ['held'] });
    await pending;
    assert.equal(platform.calls.length, 1);
    assert.equal(platform.calls[0]!.aborted, true);
  });

  it('retry server errors three times but never a 401 or 404', async () => {
    platform.restore();
    platform = installFakePlatform({ fail: { '/platform/projects': 500, '/platform/organizations': 401 } });
    const { queryClient } = createPlatformEnvironment({ retryDelay: 0 });
    await assert.rejects(queryClient.fetchQuery({ ...projectApiQuery(() => VALID_TOKEN, 'nope'), retry: queryClient.getDefaultOptions().queries!.retry }));
    await assert.rejects(queryClient.fetchQuery({ queryKey: ['p'], queryFn: () => platformGet('/platform/projects', { token: VALID_TOKEN }), retry: queryClient.getDefaultOptions().queries!.retry }));
    await assert.rejects(queryClient.fetchQuery({ ...organizationsQuery(() => VALID_TOKEN), retry: queryClient.getDefaultOptions().queries!.retry }));
    assert.deepEqual(platform.reads(), ['/platform/props/project/nope/api', ...Array(4).fill('/platform/projects'), '/platform/organizations']);
  });
});
