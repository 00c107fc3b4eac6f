// The organization, project and branch the API-settings widgets show. One set of atoms for the
// page, so every widget shows the same project; each change is written to localStorage at once
// so the next page (or a reload) starts from it.
import { atom } from 'jotai';
import { remove, retrieve, storeOrRemoveNull } from '../lib/browser-storage';
import { LOCAL_STORAGE_KEYS } from '../lib/project-config/storage-keys';
import { restoreBranch, restoreOrgProject, type OrgProject } from '../lib/project-config/restore';
import type { Branch, Organization, Project } from '../lib/platform-api/types';

export const selectedOrgAtom = atom<Organization | null>(null);
export const selectedProjectAtom = atom<Project | null>(null);
export const selectedBranchAtom = atom<Branch | null>(null);

/** Selects a branch (or none) and saves its id. */
export const selectBranchAtom = atom(null, (_get, set, branch: Branch | null) => {
  set(selectedBranchAtom, branch);
  storeOrRemoveNull(LOCAL_STORAGE_KEYS.SAVED_BRANCH, branch?.id);
});

/** Selects an organization and project together (they are only valid as a pair) and saves them. */
export const selectOrgProjectAtom = atom(null, (get, set, choice: OrgProject) => {
  const previous = get(selectedProjectAtom);
  set(selectedOrgAtom, choice.org);
  set(selectedProjectAtom, choice.project);
  storeOrRemoveNull(LOCAL_STORAGE_KEYS.SAVED_ORG, String(choice.org.id));
  storeOrRemoveNull(LOCAL_STORAGE_KEYS.SAVED_PROJECT, choice.project.ref);
  // A branch belongs to one project: after a switch the new project's branches are restored. The
  // first selection of a page keeps the saved branch, which belongs to the saved project.
  if (previous && previous.ref !== choice.project.ref) set(selectBranchAtom, null);
});

/** Forgets the selection, in memory and in storage (sign-out, ended session). */
export const clearSelectionAtom = atom(null, (_get, set) => {
  set(selectedOrgAtom, null);
  set(selectedProjectAtom, null);
  set(selectedBranchAtom, null);
  for (const key of Object.values(LOCAL_STORAGE_KEYS)) remove(key);
});

/**
 * Picks the organization and project once the lists are known, unless a widget already did:
 * every widget on the page asks, the first one decides.
 */
export const restoreOrgProjectAtom = atom(null, (get, set, lists: { organizations: Organization[]; projects: Project[] }) => {
  if (get(selectedOrgAtom) && get(selectedProjectAtom)) return;
  const saved = { orgId: retrieve(LOCAL_STORAGE_KEYS.SAVED_ORG), projectRef: retrieve(LOCAL_STORAGE_KEYS.SAVED_PROJECT) };
  const restored = restoreOrgProject(lists.organizations, lists.projects, saved);
  if (restored) set(selectOrgProjectAtom, restored);
});

/** Picks the branch once the selected project's branches are known, unless one is selected. */
export const restoreBranchAtom = atom(null, (get, set, branches: Branch[]) => {
  if (get(selectedBranchAtom)) return;
  const restored = restoreBranch(branches, retrieve(LOCAL_STORAGE_KEYS.SAVED_BRANCH));
  if (restored) set(selectBranchAtom, restored);
});

/** The ref whose API settings are shown: the selected branch's with branching, else the project's. */
export const selectedRefAtom = atom((get) => {
  const project = get(selectedProjectAtom);
  return project?.is_branch_enabled ? get(selectedBranchAtom)?.project_ref : project?.ref;
});
