// Signing in and out, copying, the loading and crash renderings.
import './setup-dom';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import React from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { ACME, ACME_APP, apiSettings, anonKeyOf, urlOf } from './fixtures';
import { platform, signedIn } from './widget-hooks';
import { renderWidgets } from './render-widgets';
import { clipboard, PAGE_URL } from './setup-dom';
import { VALID_TOKEN } from './fake-platform';
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEY } from '../../src/lib/project-config/storage-keys';
import { saveToken } from '../../src/lib/project-config/access-token';
import ProjectConfigVariables from '../../src/components/project-config/ProjectConfigVariables';
import WidgetErrorBoundary from '../../src/components/project-config/WidgetErrorBoundary';
import { COPIED_FEEDBACK_MS } from '../../src/lib/use-copied';

const API = { acmeapp: apiSettings('acmeapp') };
const saveSelection = () => {
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.SAVED_ORG, '1');
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.SAVED_PROJECT, 'acmeapp');
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.SAVED_BRANCH, 'some-branch');
};
const selectionKeys = () => Object.values(LOCAL_STORAGE_KEYS).map((key) => window.localStorage.getItem(key));

describe('session', () => {
  it('takes the token from the fragment the login page returns with, saves it and clears the fragment', async () => {
    window.history.replaceState(null, '', `/guides/getting-started?x=1#access_token=${VALID_TOKEN}&token_type=bearer&expires_in=604800`);
    const fake = platform({ organizations: [ACME], projects: [ACME_APP], api: API });
    const { widget } = renderWidgets();
    await waitFor(() => assert.equal(widget('url').value().value, urlOf('acmeapp')));
    assert.equal(window.location.hash, '');
    assert.equal(window.location.search, '?x=1');
    const stored = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!) as { accessToken: string; expiresAt: number };
    assert.equal(stored.accessToken, VALID_TOKEN);
    assert.ok(Math.abs(stored.expiresAt - (Date.now() + 604800_000)) < 60_000);
    assert.ok(fake.calls.every((call) => call.authorization === `Bearer ${VALID_TOKEN}`));
  });

  it('a 401 signs out: token and saved selection are forgotten and the login hint returns', async () => {
    saveToken('revoked-token', Date.now() + 60_000);
    saveSelection();
    const fake = platform({ organizations: [ACME], projects: [ACME_APP], api: API });
    const { widget } = renderWidgets();
    await waitFor(() => assert.equal(widget('url').valueState(), 'loggedOut'));
    assert.ok(widget('url').scope.getByRole('link', { name: 'log in' }));
    assert.equal(window.localStorage.getItem(SESSION_STORAGE_KEY), null);
    assert.deepEqual(selectionKeys(), [null, null, null]);
    // Both lists were asked for once; neither is retried after a 401.
    assert.deepEqual(fake.reads().sort(), ['/platform/organizations', '/platform/projects']);
  });

  it('an expired saved token counts as signed out, without a request, and clears the selection', async () => {
    saveToken(VALID_TOKEN, Date.now() - 1000);
    saveSelection();
    const fake = platform({ organizations: [ACME], projects: [ACME_APP], api: API });
    const { widget } = renderWidgets();
    await waitFor(() => assert.equal(widget('url').valueState(), 'loggedOut'));
    assert.deepEqual(selectionKeys(), [null, null, null]);
    assert.equal(fake.calls.length, 0);
  });

  it('"Log out" ends the session on the server, then forgets token and selection in every widget', async () => {
    signedIn();
    const fake = platform({ organizations: [ACME], projects: [ACME_APP], api: API });
    const { widget } = renderWidgets();
    await waitFor(() => assert.equal(widget('url').value().value, urlOf('acmeapp')));
    assert.deepEqual(selectionKeys(), ['1', 'acmeapp', null]);
    fireEvent.click(widget('anonKey').scope.getByRole('button', { name: 'Log out' }));
    await waitFor(() => assert.equal(widget('url').value().value, 'YOUR PROJECT URL'));
    assert.equal(widget('anonKey').value().value, 'YOUR ANON KEY');
    const logout = fake.calls.filter((call) => call.method === 'POST');
    assert.deepEqual(logout.map((call) => [call.url, call.authorization]), [['http://127.0.0.1:54323/logout', `Bearer ${VALID_TOKEN}`]]);
    assert.equal(window.localStorage.getItem(SESSION_STORAGE_KEY), null);
    assert.deepEqual(selectionKeys(), [null, null, null]);
    assert.equal(widget('url').scope.queryByRole('button', { name: 'Log out' }), null);
  });

  it('signs out locally even when the server cannot be reached', async () => {
    signedIn();
    platform({ organizations: [ACME], projects: [ACME_APP], api: API, fail: { '/logout': 502 } });
    const { widget, environment } = renderWidgets(['url']);
    await waitFor(() => assert.equal(widget('url').value().value, urlOf('acmeapp')));
    await environment.signOut();
    await waitFor(() => assert.equal(widget('url').valueState(), 'loggedOut'));
    assert.equal(window.localStorage.getItem(SESSION_STORAGE_KEY), null);
  });
});

describe('copy button', () => {
  it('copies the value and shows the tick for one second', async () => {
    signedIn();
    platform({ organizations: [ACME], projects: [ACME_APP], api: API });
    const { widget } = renderWidgets();
    await waitFor(() => assert.equal(widget('anonKey').value().value, anonKeyOf('acmeapp')));
    const button = widget('anonKey').copyButton();
    assert.equal(button.disabled, false);
    clipboard.length = 0;
    fireEvent.click(button);
    await waitFor(() => assert.equal(button.getAttribute('data-copied'), 'true'));
    assert.deepEqual(clipboard, [anonKeyOf('acmeapp')]);
    assert.ok(button.querySelector('[data-icon="check"]'));
    const copiedAt = Date.now();
    await waitFor(() => assert.equal(button.getAttribute('data-copied'), 'false'), { timeout: 2 * COPIED_FEEDBACK_MS });
    assert.ok(Date.now() - copiedAt >= COPIED_FEEDBACK_MS - 100);
    assert.ok(button.querySelector('[data-icon="copy"]'));
  });
});

describe('page rendering', () => {
  it('the server renders the user-loading state', () => {
    const html = renderToString(<ProjectConfigVariables variable="anonKey" />);
    const holder = document.createElement('div');
    holder.innerHTML = html;
    assert.equal(holder.querySelector('.project-config__title')!.textContent, 'Anon key');
    assert.equal(holder.querySelector('h1, h2, h3, h4, h5, h6'), null, 'no heading that would break the page outline');
    assert.equal(holder.querySelector('[role="combobox"]')!.textContent, 'Loading...');
    assert.equal(holder.querySelector('input')!.getAttribute('value'), 'Loading...');
    assert.ok(holder.querySelector('button[aria-label="Copy"]')!.hasAttribute('disabled'));
  });

  it('an unknown variable fails the server render with a clear message', () => {
    assert.throws(() => renderToString(<ProjectConfigVariables variable={'serviceKey' as 'url'} />), /variable must be one of url, anonKey/);
  });

  it('in the browser, the lazily loaded widget takes over on the page-wide environment', async () => {
    platform();
    render(<ProjectConfigVariables variable="url" />);
    await waitFor(() => assert.ok(screen.getByRole('link', { name: 'log in' })), { timeout: 5000 });
    assert.equal(screen.getByRole('link', { name: 'log in' }).getAttribute('href'), `http://127.0.0.1:54323/login?redirect_to=${encodeURIComponent(PAGE_URL)}`);
  });

  it('a crash shows the way to the dashboard instead', () => {
    const Crash = () => {
      throw new Error('boom');
    };
    const quiet = console.error;
    console.error = () => undefined;
    try {
      render(
        <WidgetErrorBoundary>
          <Crash />
        </WidgetErrorBoundary>,
      );
    } finally {
      console.error = quiet;
    }
    assert.equal(document.querySelector('.project-config-error')!.textContent, "Couldn't display your API settings. You can get them from the dashboard.");
    const link = screen.getByRole('link', { name: 'dashboard' });
    assert.equal(link.getAttribute('href'), 'http://127.0.0.1:54323/project/_/settings/api');
    assert.equal(link.getAttribute('rel'), 'noreferrer noopener');
    assert.equal(link.getAttribute('target'), '_blank');
  });
});
