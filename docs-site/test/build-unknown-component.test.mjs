// A guide that uses a component the site does not provide must stop the build, naming it.
// The build runs in a scratch copy of the site so the real public/ and .cache stay untouched.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SITE = fileURLToPath(new URL('..', import.meta.url));
// Inside the workspace, so the copy resolves gatsby from the root node_modules.
const SCRATCH = fileURLToPath(new URL('./.tmp/unknown-component-site/', import.meta.url));
const COPIED = ['package.json', 'gatsby-config.mjs', 'gatsby-node.mjs', 'gatsby-browser.tsx', 'gatsby-ssr.tsx', 'lib', 'plugins', 'src', 'data', 'generated'];

describe('build', () => {
  it('fails with an MDX error naming a component the site does not provide', { timeout: 600_000 }, () => {
    rmSync(SCRATCH, { recursive: true, force: true });
    for (const entry of COPIED) cpSync(`${SITE}${entry}`, `${SCRATCH}${entry}`, { recursive: true });
    mkdirSync(`${SCRATCH}content/guides`, { recursive: true });
    writeFileSync(`${SCRATCH}content/guides/uses-unknown.mdx`, '---\ntitle: Broken on purpose\n---\n\nSome text.\n\n<FancyWidget size="large" />\n');
    try {
      const result = spawnSync(`${SITE}../node_modules/.bin/gatsby`, ['build'], {
        cwd: SCRATCH,
        encoding: 'utf8',
        env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0', CI: 'true' },
      });
      const output = `${result.stdout}\n${result.stderr}`;
      assert.notEqual(result.status, 0, 'the build must fail');
      assert.match(output, /Expected component `FancyWidget` to be defined/);
      assert.match(output, /uses-unknown\.mdx/);
    } finally {
      rmSync(SCRATCH, { recursive: true, force: true });
    }
  });
});
