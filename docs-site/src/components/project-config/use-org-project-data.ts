import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { organizationsQuery, projectsQuery } from '../../lib/platform-api/queries';
import { projectOrgDataState } from '../../lib/project-config/data-states';
import { restoreOrgProjectAtom } from '../../state/project-selection';
import { useSession } from './use-session';

/** Organizations and projects, the selector's state, and the restored selection once both arrive. */
export function useOrgProjectData() {
  const { status, readToken, isSignedIn } = useSession();
  const organizations = useQuery({ ...organizationsQuery(readToken), enabled: isSignedIn });
  const projects = useQuery({ ...projectsQuery(readToken), enabled: isSignedIn });
  const state = projectOrgDataState(status, organizations, projects);
  const restore = useSetAtom(restoreOrgProjectAtom);
  useEffect(() => {
    if (state === 'loggedIn.dataSuccess.hasData' && organizations.data && projects.data) restore({ organizations: organizations.data, projects: projects.data });
  }, [state, organizations.data, projects.data, restore]);
  return { state, organizations: organizations.data ?? [], projects: projects.data ?? [] };
}
