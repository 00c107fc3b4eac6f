/**
 * A project's preview branches as later commands read them (`branches list/get/update/delete`):
 * the project-level stream `branches:<ref>` and each branch's own stream `branch:<id>`.
 */
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

/** The stream of a project's branching. */
export function branchesStream(ref: string): string {
  return `branches:${ref}`;
}

/** The stream of one branch. */
export function branchStream(branchId: string): string {
  return `branch:${branchId}`;
}

/** The branches projection of a fold for one project ref. */
export function branchesProjection(fold: FoldState, ref: string): BranchesProjection {
  const stream = branchesStream(ref);
  const project = viewOf(fold, stream).snapshot;
  // Streams keep the order the fold first saw them in, which is the order the branches became known.
  const own = Object.entries(fold.streams)
    .filter(([name, entry]) => name.startsWith('branch:') && (entry.machine?.context as { projectRef?: string } | undefined)?.projectRef === ref);
  const all = own.map(([name, entry]): BranchProjection => {
    const snapshot = entry.machine!;
    const id = name.slice('branch:'.length);
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
