/** A project's preview branches as later commands read them (`branches list/get/update/delete`). */
import type { FoldState } from '../fold.js';
import { leafState, viewOf } from '../state-view.js';

/** One branch. */
export interface BranchProjection {
  id: string;
  /** creating, creatingProject, runningMigrations, migrationsPassed, migrationsFailed or deleted. */
  state: string;
  status: string | null;
  name: string | null;
  gitBranch: string | null;
  region: string | null;
  resetOnPush: boolean;
}

/** Branching of one project. */
export interface BranchesProjection {
  ref: string;
  enabled: boolean;
  /** disabled, creating, enabled, updating, deleting or disabling. */
  state: string;
  error: string | null;
  /** Branches not deleted, in the order they became known. */
  branches: BranchProjection[];
  /** Deleted branches, kept for history. */
  deleted: BranchProjection[];
}

/** The stream of a project's branches. */
export function branchesStream(ref: string): string {
  return `branches:${ref}`;
}

/** The branches projection of a fold for one project ref. */
export function branchesProjection(fold: FoldState, ref: string): BranchesProjection {
  const stream = branchesStream(ref);
  const project = viewOf(fold, stream).snapshot;
  const all = Object.entries(fold.streams[stream]?.instances ?? {}).map(([id, snapshot]): BranchProjection => {
    const context = snapshot.context as Omit<BranchProjection, 'id' | 'state'>;
    return {
      id,
      state: leafState(snapshot.value),
      status: context.status,
      name: context.name,
      gitBranch: context.gitBranch,
      region: context.region,
      resetOnPush: context.resetOnPush,
    };
  });
  return {
    ref,
    // While the first branch is being created, branching is not on yet; otherwise it is on until disabled.
    enabled: project.value === 'creating' ? (project.context.branchIds as string[]).length > 0 : project.value !== 'disabled',
    state: project.value,
    error: (project.context.error as string | null) ?? null,
    branches: all.filter((branch) => branch.state !== 'deleted'),
    deleted: all.filter((branch) => branch.state === 'deleted'),
  };
}
