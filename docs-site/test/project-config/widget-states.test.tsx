// The live widget through each state of its three machines, two widgets per page as in a guide,
// counting the requests each page view makes.
import './setup-dom';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { waitFor } from '@testing-library/react';
import { ACME, ACME_APP, ACME_BRANCHING, BETA, BETA_APP, FEATURE_BRANCH, MAIN_BRANCH, OTHER_BRANCH, anonKeyOf, apiSettings, urlOf } from './fixtures';
import { platform, signedIn } from './widget-hooks';
import { renderWidgets } from './render-widgets';
import { PAGE_URL } from './setup-dom';
import { LOCAL_STORAGE_KEYS } from '../../src/lib/project-config/storage-keys';

const API = { acmeapp: apiSettings('acmeapp'), betaapp: apiSettings('betaapp'), featureref: apiSettings('featureref'), acmebranching: apiSettings('acmebranching'), otherref: apiSettings('otherref') };
const BRANCHES = { acmebranching: [FEATURE_BRANCH, MAIN_BRANCH, OTHER_BRANCH] };
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('signed out', () => {
  it('shows placeholders, a disabled selector, a disabled copy button and the login hint, without any request', async () => {
    const fake = platform({ organizations: [ACME], projects: [ACME_APP], api: API });
    const { widget } = renderWidgets();
    const url = widget('url');
    await waitFor(() => assert.equal(url.value().value, 'YOUR PROJECT URL'));
    assert.equal(widget('anonKey').value().value, 'YOUR ANON KEY');
    assert.equal(url.valueState(), 'loggedOut');
    assert.equal(url.selectorState('project'), 'loggedOut');
    assert.ok(url.projectBox().disabled);
    assert.equal(url.projectBox().textContent, 'No project found');
    assert.ok(url.copyButton().disabled);
    const login = url.scope.getByRole('link', { name: 'log in' });
    assert.equal(login.getAttribute('href'), `http://127.0.0.1:54323/login?redirect_to=${encodeURIComponent(PAGE_URL)}`);
    assert.equal(url.root.querySelector('p:not(.project-config__title)')!.textContent, 'To get your Project URL, log in.');
    assert.equal(widget('anonKey').root.querySelector('p:not(.project-config__title)')!.textContent, 'To get your Anon key, log in.');
    assert.equal(url.scope.queryByText(/dashboard/), null);
    await settle();
    assert.deepEqual(fake.calls, []);
  });
});

describe('signed in', () => {
  it('pending: "Loading..." in the selector and the value', async () => {
    signedIn();
    platform({ organizations: [ACME], projects: [ACME_APP], api: API, hold: ['/platform/projects'] });
    const { widget } = renderWidgets();
    const url = widget('url');
    await waitFor(() => assert.equal(url.selectorState('project'), 'loggedIn.dataPending'));
    assert.equal(url.projectBox().textContent, 'Loading...');
    assert.equal(url.projectBox().getAttribute('aria-busy'), 'true');
    // Nothing is selected yet, so the value has no project to load for.
    assert.equal(url.valueState(), 'loggedIn.noSelectedProject');
    assert.equal(url.value().value, 'YOUR PROJECT URL');
    assert.equal(url.scope.queryByRole('link', { name: 'log in' }), null);
  });

  it('pending settings: "Loading..." in the value once a project is selected', async () => {
    signedIn();
    platform({ organizations: [ACME], projects: [ACME_APP], hold: ['/api'] });
    const { widget } = renderWidgets();
    const url = widget('url');
    await waitFor(() => assert.equal(url.valueState(), 'loggedIn.selectedProject.dataPending'));
    assert.equal(url.value().value, 'Loading...');
    assert.equal(url.projectBox().textContent, 'Acme / Acme app');
    assert.ok(url.copyButton().disabled);
  });

  it('data error: the selector is disabled and the value keeps its placeholder', async () => {
    signedIn();
    const fake = platform({ organizations: [ACME], projects: [ACME_APP], fail: { '/platform/projects': 500 } });
    const { widget } = renderWidgets();
    const url = widget('url');
    await waitFor(() => assert.equal(url.selectorState('project'), 'loggedIn.dataError'));
    assert.ok(url.projectBox().disabled);
    assert.equal(url.value().value, 'YOUR PROJECT URL');
    assert.equal(url.scope.queryByText(/dashboard/), null);
    // Three retries of the failing read, shared by both widgets; no settings read without a project.
    assert.deepEqual(fake.reads().sort(), ['/platform/organizations', ...Array(4).fill('/platform/projects')]);
  });

  it('no projects: "No project found", disabled, placeholder', async () => {
    signedIn();
    const fake = platform({ organizations: [ACME], projects: [] });
    const { widget } = renderWidgets();
    const url = widget('url');
    await waitFor(() => assert.equal(url.selectorState('project'), 'loggedIn.dataSuccess.hasNoData'));
    assert.equal(url.projectBox().textContent, 'No project found');
    assert.ok(url.projectBox().disabled);
    assert.equal(url.valueState(), 'loggedIn.noSelectedProject');
    assert.equal(url.value().value, 'YOUR PROJECT URL');
    await settle();
    assert.equal(fake.calls.length, 2);
  });

  it('data: both widgets show the first project\'s values with three requests for the page', async () => {
    signedIn();
    const fake = platform({ organizations: [ACME, BETA], projects: [ACME_APP, BETA_APP], api: API });
    const { widget } = renderWidgets();
    await waitFor(() => assert.equal(widget('url').value().value, urlOf('acmeapp')));
    assert.equal(widget('anonKey').value().value, anonKeyOf('acmeapp'));
    assert.equal(widget('url').valueState(), 'loggedIn.selectedProject.dataSuccess');
    assert.equal(widget('url').projectBox().textContent, 'Acme / Acme app');
    assert.equal(widget('anonKey').projectBox().textContent, 'Acme / Acme app');
    assert.equal(widget('url').branchBox(), null, 'no branch selector without branching');
    assert.equal(widget('url').scope.getByRole('button', { name: 'Log out' }).tagName, 'BUTTON');
    await settle();
    assert.deepEqual(fake.reads().sort(), ['/platform/organizations', '/platform/projects', '/platform/props/project/acmeapp/api']);
    assert.ok(fake.calls.every((call) => call.authorization === 'Bearer valid-token'));
    assert.equal(window.localStorage.getItem(LOCAL_STORAGE_KEYS.SAVED_ORG), '1');
    assert.equal(window.localStorage.getItem(LOCAL_STORAGE_KEYS.SAVED_PROJECT), 'acmeapp');
  });

  it('value error: placeholder and the hint pointing to the dashboard', async () => {
    signedIn();
    platform({ organizations: [ACME], projects: [ACME_APP], fail: { '/api': 404 } });
    const { widget } = renderWidgets();
    const anon = widget('anonKey');
    await waitFor(() => assert.equal(anon.valueState(), 'loggedIn.selectedProject.dataError'));
    assert.equal(anon.value().value, 'YOUR ANON KEY');
    assert.ok(anon.copyButton().disabled);
    const hint = anon.scope.getByRole('status');
    assert.equal(hint.textContent, 'You can also copy your Anon key from the dashboard.');
    const link = anon.scope.getByRole('link', { name: 'dashboard' });
    assert.equal(link.getAttribute('href'), 'http://127.0.0.1:54323/project/_/settings/api');
    assert.equal(link.getAttribute('target'), '_blank');
    assert.equal(link.getAttribute('rel'), 'noreferrer noopener');
  });

  it('value error: settings without the value count as an error', async () => {
    signedIn();
    platform({ organizations: [ACME], projects: [ACME_APP], api: { acmeapp: { autoApiService: { endpoint: '', defaultApiKey: 'k' } } } });
    const { widget } = renderWidgets();
    await waitFor(() => assert.equal(widget('url').valueState(), 'loggedIn.selectedProject.dataError'));
    assert.equal(widget('anonKey').valueState(), 'loggedIn.selectedProject.dataSuccess');
    assert.equal(widget('anonKey').value().value, 'k');
  });
});

describe('branching projects', () => {
  const branching = (extra: Parameters<typeof platform>[0] = {}) => platform({ organizations: [ACME], projects: [ACME_BRANCHING, ACME_APP], branches: BRANCHES, api: API, ...extra });

  it('without a saved branch, show the production branch, with four requests for the page', async () => {
    signedIn();
    const fake = branching();
    const { widget } = renderWidgets();
    const url = widget('url');
    await waitFor(() => assert.equal(url.value().value, urlOf('acmebranching')));
    assert.equal(url.branchBox()!.textContent, 'main');
    assert.equal(url.selectorState('branch'), 'loggedIn.branches.dataSuccess.hasData');
    assert.equal(widget('anonKey').value().value, anonKeyOf('acmebranching'));
    await settle();
    assert.deepEqual(fake.reads().sort(), ['/platform/organizations', '/platform/projects', '/platform/props/project/acmebranching/api', '/v1/projects/acmebranching/branches']);
    assert.equal(window.localStorage.getItem(LOCAL_STORAGE_KEYS.SAVED_BRANCH), MAIN_BRANCH.id);
  });

  it('with a saved branch, show that branch\'s settings (and never the production branch\'s)', async () => {
    signedIn();
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.SAVED_ORG, '1');
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.SAVED_PROJECT, 'acmebranching');
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.SAVED_BRANCH, OTHER_BRANCH.id);
    const fake = branching();
    const { widget } = renderWidgets();
    await waitFor(() => assert.equal(widget('url').value().value, urlOf('otherref')));
    assert.equal(widget('url').branchBox()!.textContent, 'other');
    await settle();
    assert.deepEqual(fake.reads().filter((path) => path.endsWith('/api')), ['/platform/props/project/otherref/api']);
  });

  it('without a production branch, show the first branch', async () => {
    signedIn();
    branching({ branches: { acmebranching: [FEATURE_BRANCH, OTHER_BRANCH] } });
    const { widget } = renderWidgets();
    await waitFor(() => assert.equal(widget('url').value().value, urlOf('featureref')));
    assert.equal(widget('url').branchBox()!.textContent, 'feature');
  });

  it('pending and failing branch reads leave the value without a project', async () => {
    signedIn();
    branching({ hold: ['/branches'] });
    const pending = renderWidgets(['url']);
    await waitFor(() => assert.equal(pending.widget('url').selectorState('branch'), 'loggedIn.branches.dataPending'));
    assert.equal(pending.widget('url').branchBox()!.textContent, 'Loading...');
    assert.equal(pending.widget('url').valueState(), 'loggedIn.noSelectedProject');
    pending.view.unmount();

    branching({ fail: { '/branches': 500 } });
    const failed = renderWidgets(['url']);
    await waitFor(() => assert.equal(failed.widget('url').selectorState('branch'), 'loggedIn.branches.dataError'));
    assert.ok(failed.widget('url').branchBox()!.disabled);
    assert.equal(failed.widget('url').value().value, 'YOUR PROJECT URL');
  });

  it('no branches: "No branch found", disabled', async () => {
    signedIn();
    branching({ branches: { acmebranching: [] } });
    const { widget } = renderWidgets(['url']);
    await waitFor(() => assert.equal(widget('url').selectorState('branch'), 'loggedIn.branches.dataSuccess.noData'));
    assert.equal(widget('url').branchBox()!.textContent, 'No branch found');
    assert.ok(widget('url').branchBox()!.disabled);
    assert.equal(widget('url').valueState(), 'loggedIn.noSelectedProject');
  });
});

describe('request budget', () => {
  it('the next page of the same visit reads nothing again', async () => {
    signedIn();
    const fake = platform({ organizations: [ACME, BETA], projects: [ACME_APP, BETA_APP], api: API });
    const first = renderWidgets();
    await waitFor(() => assert.equal(first.widget('anonKey').value().value, anonKeyOf('acmeapp')));
    first.view.unmount();
    const next = renderWidgets(['anonKey', 'url'], first.environment);
    assert.equal(next.widget('url').value().value, urlOf('acmeapp'), 'shown at once from the cache');
    await settle();
    assert.equal(fake.calls.length, 3);
  });
});
