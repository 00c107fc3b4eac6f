// Which organization, project and branch to show: the saved choice when it still makes sense,
// otherwise a sensible first pick (as upstream: the first project, the production branch). Also how a
// chosen option is accepted.
import type { Branch, Organization, Project } from '../platform-api/types';
import { parseBranchValue, parseOrgProjectValue } from './option-values';

export interface OrgProject {
  org: Organization;
  project: Project;
}

/** Whether the two exist and the project is the organization's. */
function pair(org: Organization | undefined, project: Project | undefined): OrgProject | undefined {
  return org && project && project.organization_id === org.id ? { org, project } : undefined;
}

/**
 * The saved pair if both exist and belong together; else the first project with its
 * organization; else nothing (no projects, or the first project's organization is unknown).
 */
export function restoreOrgProject(orgs: Organization[], projects: Project[], saved: { orgId: string | null; projectRef: string | null }): OrgProject | undefined {
  if (saved.orgId !== null && saved.projectRef !== null) {
    const savedPair = pair(
      orgs.find((org) => org.id === Number(saved.orgId)),
      projects.find((project) => project.ref === saved.projectRef),
    );
    if (savedPair) return savedPair;
  }
  const first = projects[0];
  return first ? pair(orgs.find((org) => org.id === first.organization_id), first) : undefined;
}

/** The saved branch, else the production branch (its own parent), else the first. */
export function restoreBranch(branches: Branch[], savedBranchId: string | null): Branch | undefined {
  return (
    (savedBranchId !== null ? branches.find((branch) => branch.id === savedBranchId) : undefined) ??
    branches.find((branch) => branch.project_ref === branch.parent_project_ref) ??
    branches[0]
  );
}

/** The pair an org/project option value names, when it is well formed and consistent. */
export function resolveOrgProjectChoice(value: string, orgs: Organization[], projects: Project[]): OrgProject | undefined {
  const [orgId, projectRef] = parseOrgProjectValue(value);
  if (orgId === null) return undefined;
  return pair(
    orgs.find((org) => org.id === orgId),
    projects.find((project) => project.ref === projectRef),
  );
}

/** The branch a branch option value names, when it is well formed and in the list. */
export function resolveBranchChoice(value: string, branches: Branch[]): Branch | undefined {
  const [branchId] = parseBranchValue(value);
  return branchId === null ? undefined : branches.find((branch) => branch.id === branchId);
}
