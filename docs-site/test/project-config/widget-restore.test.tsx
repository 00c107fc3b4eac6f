// The selection across page views: what is restored from storage, and what a choice saves.
import './setup-dom';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fireEvent, waitFor } from '@testing-library/react';
import { ACME, ACME_APP, ACME_BRANCHING, BETA, BETA_APP, FEATURE_BRANCH, MAIN_BRANCH, apiSettings, urlOf } from './fixtures';
import { platform, signedIn } from './widget-hooks';
import { renderWidgets } from './render-widgets';
import { LOCAL_STORAGE_KEYS } from '../../src/lib/project-config/storage-keys';

const API = { acmeapp: apiSettings('acmeapp'), betaapp: apiSettings('betaapp'), acmebranching: apiSettings('acmebranching'), featureref: apiSettings('featureref') };
const save = (org: string, project: string) => {
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.SAVED_ORG, org);
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.SAVED_PROJECT, project);
};
const saved = () => Object.values(LOCAL_STORAGE_KEYS).map((key) => window.localStorage.getItem(key));

describe('restoring the selection', () => {
  it('restores the saved organization and project when they belong together', async () => {
    signedIn();
    save('2', 'betaapp');
    const fake = platform({ organizations: [ACME, BETA], projects: [ACME_APP, BETA_APP], api: API });
    const { widget } = renderWidgets();
    await waitFor(() => assert.equal(widget('url').value().value, urlOf('betaapp')));
    assert.equal(widget('anonKey').projectBox().textContent, 'Beta / Beta app');
    // Only the restored project's settings are read, never the first project's on the way.
    assert.deepEqual(fake.reads().filter((path) => path.endsWith('/api')), ['/platform/props/project/betaapp/api']);
  });

  it('falls back to the first project when the saved project belongs to another organization', async () => {
    signedIn();
    save('1', 'betaapp');
    platform({ organizations: [ACME, BETA], projects: [ACME_APP, BETA_APP], api: API });
    const { widget } = renderWidgets();
    await waitFor(() => assert.equal(widget('url').value().value, urlOf('acmeapp')));
    assert.deepEqual(saved(), ['1', 'acmeapp', null]);
  });

  it('falls back to the first project when the saved one is gone', async () => {
    signedIn();
    save('2', 'deleted');
    platform({ organizations: [ACME, BETA], projects: [ACME_APP, BETA_APP], api: API });
    const { widget } = renderWidgets();
    await waitFor(() => assert.equal(widget('url').value().value, urlOf('acmeapp')));
  });

  it('selects nothing when the first project has no known organization', async () => {
    signedIn();
    const fake = platform({ organizations: [BETA], projects: [ACME_APP, BETA_APP], api: API });
    const { widget } = renderWidgets();
    await waitFor(() => assert.equal(widget('url').selectorState('project'), 'loggedIn.dataSuccess.hasData'));
    assert.equal(widget('url').projectBox().textContent, 'Select a project...');
    assert.equal(widget('url').valueState(), 'loggedIn.noSelectedProject');
    assert.equal(widget('url').value().value, 'YOUR PROJECT URL');
    assert.equal(fake.reads().filter((path) => path.endsWith('/api')).length, 0);
  });
});

describe('choosing', () => {
  it('a project: every widget follows, the choice is saved, only the new settings are read', async () => {
    signedIn();
    const fake = platform({ organizations: [ACME, BETA], projects: [ACME_APP, BETA_APP], api: API });
    const { widget } = renderWidgets();
    await waitFor(() => assert.equal(widget('url').value().value, urlOf('acmeapp')));
    fireEvent.click(widget('anonKey').projectBox());
    const options = widget('anonKey').scope.getAllByRole('option');
    assert.deepEqual(options.map((option) => option.textContent), ['Acme / Acme app', 'Beta / Beta app']);
    assert.equal(options[0]!.getAttribute('aria-selected'), 'true');
    fireEvent.click(options[1]!);
    await waitFor(() => assert.equal(widget('url').value().value, urlOf('betaapp')));
    assert.equal(widget('anonKey').value().value, 'anon-key-of-betaapp');
    assert.equal(widget('anonKey').scope.queryByRole('listbox'), null, 'the list closes after a choice');
    assert.deepEqual(saved(), ['2', 'betaapp', null]);
    assert.deepEqual(fake.reads().filter((path) => path.endsWith('/api')), ['/platform/props/project/acmeapp/api', '/platform/props/project/betaapp/api']);
  });

  it('a branch: saved by id; switching project drops it and restores the new project\'s', async () => {
    signedIn();
    platform({ organizations: [ACME], projects: [ACME_BRANCHING, ACME_APP], branches: { acmebranching: [FEATURE_BRANCH, MAIN_BRANCH] }, api: API });
    const { widget } = renderWidgets(['url']);
    const url = widget('url');
    await waitFor(() => assert.equal(url.value().value, urlOf('acmebranching')));
    fireEvent.click(url.branchBox()!);
    fireEvent.click(url.scope.getByRole('option', { name: 'feature' }));
    await waitFor(() => assert.equal(url.value().value, urlOf('featureref')));
    assert.deepEqual(saved(), ['1', 'acmebranching', FEATURE_BRANCH.id]);
    fireEvent.click(url.projectBox());
    fireEvent.click(url.scope.getByRole('option', { name: 'Acme / Acme app' }));
    await waitFor(() => assert.equal(url.value().value, urlOf('acmeapp')));
    assert.equal(url.branchBox(), null);
    assert.deepEqual(saved(), ['1', 'acmeapp', null]);
  });
});
