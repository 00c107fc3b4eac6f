import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findProjectRoot } from '../../cli/project-root.js';

describe('project root discovery', () => {
  const project = mkdtempSync(join(tmpdir(), 'root-'));
  mkdirSync(join(project, 'supabase'));
  writeFileSync(join(project, 'supabase', 'config.toml'), '');
  const nested = join(project, 'src', 'components');
  mkdirSync(nested, { recursive: true });

  it('walks up from a subfolder to the folder holding supabase/config.toml', () => {
    assert.equal(findProjectRoot(nested, undefined, { walkUp: true }), project);
  });

  it('an explicit workdir wins, relative to the current folder', () => {
    assert.equal(findProjectRoot(project, 'src', { walkUp: true }), join(project, 'src'));
  });

  it('a workdir that is missing or not a folder is a user error, and nothing is created', () => {
    const missing = join(project, 'no', 'such', 'folder');
    assert.throws(() => findProjectRoot(project, missing, { walkUp: true }), (error: Error) => error.name === 'UserError' && /chdir .*: no such file or directory$/.test(error.message));
    assert.throws(() => findProjectRoot(project, join(project, 'supabase', 'config.toml'), { walkUp: true }), /not a directory$/);
    assert.equal(existsSync(join(project, 'no')), false);
  });

  it('init never walks up, and outside any project the current folder stays', () => {
    assert.equal(findProjectRoot(nested, undefined, { walkUp: false }), nested);
    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    assert.equal(findProjectRoot(outside, undefined, { walkUp: true }), outside);
  });
});
