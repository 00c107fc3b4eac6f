/**
 * The git branch `db reset` names when it finishes, found as everywhere else (gen keys, branches
 * create): GITHUB_HEAD_REF, else the branch checked out where the project lives, else `main`. A
 * project in a linked worktree or a repository with a separate git dir has a `.git` file rather
 * than a folder; its branch is still the one checked out there.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startProject, type DbProject } from './support/db-project.js';
import { removeDir, tempDir } from './support/temp-project.js';

describe('db reset names the git branch', function () {
  this.timeout(180_000);
  let project: DbProject;
  let gitDirs: string;

  before(async () => {
    project = await startProject();
    gitDirs = await tempDir('gitdir');
    // A `.git` file pointing elsewhere, as a linked worktree or `git init --separate-git-dir` leaves.
    const git = (...args: string[]) => execFileSync('git', ['-C', project.root, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args]);
    git('init', '-q', '-b', 'feature-x', '--separate-git-dir', path.join(gitDirs, 'repo.git'));
    git('commit', '-q', '--allow-empty', '-m', 'first');
  });
  after(async () => {
    await project?.dispose();
    if (gitDirs) await removeDir(gitDirs);
  });

  const reset = (env: NodeJS.ProcessEnv) => project.cli(['db', 'reset', '--db-url', project.url], undefined, env);

  it('names the branch checked out where the project lives, behind a .git file', async () => {
    const result = await reset({ GITHUB_HEAD_REF: '' });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Finished supabase db reset on branch feature-x\.\n$/);
  });

  it('names GITHUB_HEAD_REF before the checkout', async () => {
    const result = await reset({ GITHUB_HEAD_REF: 'pr-7' });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Finished supabase db reset on branch pr-7\.\n$/);
  });
});
