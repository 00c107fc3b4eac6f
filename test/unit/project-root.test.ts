import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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

  it('init never walks up, and outside any project the current folder stays', () => {
    assert.equal(findProjectRoot(nested, undefined, { walkUp: false }), nested);
    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    assert.equal(findProjectRoot(outside, undefined, { walkUp: true }), outside);
  });
});
