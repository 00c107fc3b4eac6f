/**
 * The branch gitBranchOr reads from the repository's files, as go-git reads them for the
 * original: a plain repository, a linked worktree (a `.git` file and a `commondir`), packed refs,
 * and the cases that give the default (an unborn branch, a detached HEAD, no repository).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gitBranchOr } from '../../tasks/project/git-branch.js';

describe('gitBranchOr', () => {
  let root: string;
  const repo = () => path.join(root, 'repo');
  const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-C', cwd, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { stdio: 'pipe' });
  const noEnv = {};

  before(() => {
    root = mkdtempSync(path.join(tmpdir(), 'git-branch-'));
    mkdirSync(path.join(repo(), 'supabase'), { recursive: true });
    git(repo(), 'init', '-q', '-b', 'unborn');
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('gives the default for a branch without commits, and outside a repository', async () => {
    assert.equal(await gitBranchOr('main', path.join(repo(), 'supabase'), noEnv), 'main');
    assert.equal(await gitBranchOr('main', root, noEnv), 'main');
  });

  it('names the checked-out branch from a folder inside the repository, loose or packed', async () => {
    git(repo(), 'checkout', '-q', '-b', 'feature/a');
    git(repo(), 'commit', '-q', '--allow-empty', '-m', 'first');
    assert.equal(await gitBranchOr('main', path.join(repo(), 'supabase'), noEnv), 'feature/a');
    git(repo(), 'pack-refs', '--all');
    assert.equal(await gitBranchOr('main', repo(), noEnv), 'feature/a');
  });

  it('follows a linked worktree\'s .git file to its own HEAD', async () => {
    git(repo(), 'worktree', 'add', '-q', '-b', 'other', path.join(root, 'linked'));
    assert.equal(await gitBranchOr('main', path.join(root, 'linked'), noEnv), 'other');
  });

  it('gives the default on a detached HEAD, and GITHUB_HEAD_REF before anything', async () => {
    git(repo(), 'checkout', '-q', '--detach');
    assert.equal(await gitBranchOr('main', repo(), noEnv), 'main');
    assert.equal(await gitBranchOr('main', repo(), { GITHUB_HEAD_REF: 'pr-1' }), 'pr-1');
  });
});
