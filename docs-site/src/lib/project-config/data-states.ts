// The widget's three state machines (upstream's org/project, branch and value states), as pure
// functions of the session and the queries, checked in priority order. The components only map a
// state to what is drawn.

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

/** The part of a TanStack Query result the machines look at. */
export interface QueryLike<T> {
  status: 'pending' | 'error' | 'success';
  data?: T;
}

export type ProjectOrgDataState =
  | 'userLoading'
  | 'loggedOut'
  | 'loggedIn.dataPending'
  | 'loggedIn.dataError'
  | 'loggedIn.dataSuccess.hasNoData'
  | 'loggedIn.dataSuccess.hasData';

export type BranchesDataState =
  | 'userLoading'
  | 'loggedOut'
  | 'loggedIn.noBranches'
  | 'loggedIn.branches.dataPending'
  | 'loggedIn.branches.dataError'
  | 'loggedIn.branches.dataSuccess.noData'
  | 'loggedIn.branches.dataSuccess.hasData';

export type VariableDataState =
  | 'userLoading'
  | 'loggedOut'
  | 'loggedIn.noSelectedProject'
  | 'loggedIn.selectedProject.dataPending'
  | 'loggedIn.selectedProject.dataError'
  | 'loggedIn.selectedProject.dataSuccess';

export function projectOrgDataState(session: SessionStatus, organizations: QueryLike<unknown[]>, projects: QueryLike<unknown[]>): ProjectOrgDataState {
  if (session === 'loading') return 'userLoading';
  if (session === 'signedOut') return 'loggedOut';
  if (organizations.status === 'pending' || projects.status === 'pending') return 'loggedIn.dataPending';
  if (organizations.status === 'error' || projects.status === 'error') return 'loggedIn.dataError';
  return projects.data?.length ? 'loggedIn.dataSuccess.hasData' : 'loggedIn.dataSuccess.hasNoData';
}

export function branchesDataState(session: SessionStatus, branchingEnabled: boolean, branches: QueryLike<unknown[]>): BranchesDataState {
  if (session === 'loading') return 'userLoading';
  if (session === 'signedOut') return 'loggedOut';
  if (!branchingEnabled) return 'loggedIn.noBranches';
  if (branches.status === 'pending') return 'loggedIn.branches.dataPending';
  if (branches.status === 'error') return 'loggedIn.branches.dataError';
  return branches.data?.length ? 'loggedIn.branches.dataSuccess.hasData' : 'loggedIn.branches.dataSuccess.noData';
}

/** `value` is what the settings yield for the variable; a success without it counts as an error. */
export function variableDataState(session: SessionStatus, projectRef: string | undefined, settings: QueryLike<unknown>, value: string | undefined): VariableDataState {
  if (session === 'loading') return 'userLoading';
  if (session === 'signedOut') return 'loggedOut';
  if (!projectRef) return 'loggedIn.noSelectedProject';
  if (settings.status === 'pending') return 'loggedIn.selectedProject.dataPending';
  if (settings.status === 'error' || value === undefined) return 'loggedIn.selectedProject.dataError';
  return 'loggedIn.selectedProject.dataSuccess';
}
