// Per-test setup shared by the widget suites: a fake platform, empty storage, an unmounted page.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'node:test';
import { saveToken } from '../../src/lib/project-config/access-token';
import { clearEnvironments } from './render-widgets';
import { VALID_TOKEN, installFakePlatform, type FakePlatformOptions } from './fake-platform';

let current: ReturnType<typeof installFakePlatform> | undefined;

/** Installs a fake platform for this test (removed after it). */
export function platform(options: FakePlatformOptions = {}) {
  current = installFakePlatform(options);
  return current;
}

/** Starts the test signed in, as after returning from the login page earlier. */
export function signedIn(): void {
  saveToken(VALID_TOKEN, Date.now() + 60 * 60 * 1000);
}

afterEach(async () => {
  cleanup();
  // Unmounting cancels reads still on their way; let them finish failing before the caches are
  // emptied, or their last garbage-collection timer (5 min) outlives the test.
  await new Promise((resolve) => setTimeout(resolve, 0));
  clearEnvironments();
  current?.restore();
  current = undefined;
  window.localStorage.clear();
  window.history.replaceState(null, '', '/guides/getting-started');
});
