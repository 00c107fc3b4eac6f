// The Flutter reference pages (v0, v1 and the version-less v2 introduction) against facts read in the
// libraries' own sources at their release tags. The pages are checked as written (their MDX), so no build
// is needed: each fact below names the source that settles it, and a page that contradicts it fails here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const ROOT = new URL('../content/reference/dart/', import.meta.url);

/** Every Flutter reference page: its path under reference/dart, the version it documents and its text. */
function pages() {
  const found = [{ path: 'introduction.mdx', version: 'v2' }];
  for (const version of ['v1', 'v0']) {
    for (const file of readdirSync(new URL(`${version}/`, ROOT))) found.push({ path: `${version}/${file}`, version });
  }
  return found.map((p) => ({ ...p, text: readFileSync(new URL(p.path, ROOT), 'utf8') }));
}

const dartBlocks = (text) => [...text.matchAll(/```dart\n([\s\S]*?)```/g)].map((m) => m[1]);
const prose = (text) => text.replace(/```[\s\S]*?```/g, '');

/**
 * The prose of a page cut into paragraphs and list items, each with the version it speaks about: the page's own,
 * except under a heading that names v2 (a v1 page's "Moving to v2").
 */
function statements(page) {
  const out = [];
  let version = page.version;
  for (const block of prose(page.text).split(/\n\s*\n/)) {
    const heading = block.match(/^#{2,3} (.*)$/m);
    if (heading) version = /\bv2\b/.test(heading[1]) ? 'v2' : page.version;
    for (const item of block.replace(/^#{2,3} .*$/gm, '').split(/\n(?=- )/)) {
      if (item.trim()) out.push({ version, text: item.replace(/\s+/g, ' ') });
    }
  }
  return out;
}

// The release that removed each name. supabase_flutter 1.0.0-dev.1 dropped the auth state classes;
// supabase 1.0.0 replaced removeSubscription with removeChannel; postgrest 1.0.0 only deprecated execute(),
// which 2.0.0 no longer has; Supabase.initialize keeps authCallbackUrlHostname up to 1.10.x and loses it in
// 2.0.0, which also drops signInWithApple (supabase_flutter 2.0.0-dev.0 changelog).
const REMOVED_IN = {
  SupabaseAuthState: 'v1',
  SupabaseAuthRequiredState: 'v1',
  removeSubscription: 'v1',
  'execute()': 'v2',
  authCallbackUrlHostname: 'v2',
  signInWithApple: 'v2',
};
const SAYS_REMOVED = /\b(removed|is gone|are gone|no longer|there is no)\b/i;

describe('Flutter reference facts', () => {
  it('says each name was removed in the version that removed it', () => {
    const wrong = [];
    for (const page of pages()) {
      for (const statement of statements(page)) {
        if (!SAYS_REMOVED.test(statement.text)) continue;
        for (const [name, version] of Object.entries(REMOVED_IN)) {
          if (statement.text.includes(name) && statement.version !== version) {
            wrong.push(`${page.path}: "${name}" said to be gone in ${statement.version}, removed in ${version}: ${statement.text}`);
          }
        }
      }
    }
    assert.deepEqual(wrong, []);
  });

  it("v0's FunctionResponse has data and error, no status (functions_client 0.0.1)", () => {
    for (const page of pages().filter((p) => p.version === 'v0')) {
      for (const code of dartBlocks(page.text)) assert.doesNotMatch(code, /\.status\b/, page.path);
    }
    assert.match(prose(pages().find((p) => p.path === 'v0/functions.mdx').text), /`error`/);
  });

  it("v1's RealtimeChannel.subscribe returns void, so no v1 example keeps its result (realtime_client 1.x)", () => {
    for (const page of pages().filter((p) => p.version === 'v1')) {
      for (const code of dartBlocks(page.text)) {
        for (const statement of code.split(';')) {
          assert.doesNotMatch(statement, /^\s*(?:final|var|late)\b[^=]*=[\s\S]*\.subscribe\([\s\S]*\)\s*$/, `${page.path}: ${statement.trim()}`);
        }
      }
    }
  });

  it('every v0 query, write and stream ends in execute() (postgrest 0.1, supabase 0.3)', () => {
    for (const page of pages().filter((p) => p.version === 'v0')) {
      for (const code of dartBlocks(page.text)) {
        for (const statement of code.split(';')) {
          if (/\.(from|rpc)\(/.test(statement) && /\.(select|insert|update|upsert|delete|stream)\(|\.rpc\(/.test(statement)) {
            assert.match(statement, /\.execute\([^)]*\)\s*$/, `${page.path}: ${statement.trim()}`);
          }
        }
      }
    }
  });

  it('the install sections state the SDK floors of the packages (pubspec.yaml at each tag)', () => {
    const text = (path) => prose(pages().find((p) => p.path === path).text);
    // supabase_flutter 0.3.3: sdk >=2.14.0 <3.0.0, flutter >=2.5.0.
    assert.match(text('v0/introduction.mdx'), /Dart 2\.14\b/);
    assert.match(text('v0/introduction.mdx'), /Flutter 2\.5\b/);
    // supabase_flutter 1.0.0: sdk >=2.15.0, flutter >=2.8.0; 1.10.24: sdk >=2.17.0, flutter >=3.0.0.
    assert.match(text('v1/introduction.mdx'), /Dart 2\.15\b/);
    assert.match(text('v1/introduction.mdx'), /Dart 2\.17\b/);
    // supabase_flutter 2.0.0: sdk >=3.0.0, flutter >=3.0.0: nothing about Flutter 3.10.
    assert.match(text('introduction.mdx'), /requires Dart 3\b/);
    for (const page of pages()) assert.doesNotMatch(prose(page.text), /Flutter 3\.10/, page.path);
  });
});
