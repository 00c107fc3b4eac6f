import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { branchesQuery } from '../../lib/platform-api/queries';
import { branchesDataState } from '../../lib/project-config/data-states';
import { restoreBranchAtom, selectedProjectAtom } from '../../state/project-selection';
import { useSession } from './use-session';

/** The selected project's branches, asked for only when it has branching, and the restored branch. */
export function useBranchesData() {
  const { status, readToken, isSignedIn } = useSession();
  const project = useAtomValue(selectedProjectAtom);
  const branchingEnabled = Boolean(project?.is_branch_enabled);
  const branches = useQuery({ ...branchesQuery(readToken, project?.ref), enabled: () => isSignedIn() && branchingEnabled });
  const state = branchesDataState(status, branchingEnabled, branches);
  const restore = useSetAtom(restoreBranchAtom);
  useEffect(() => {
    if (state === 'loggedIn.branches.dataSuccess.hasData' && branches.data) restore(branches.data);
  }, [state, branches.data, restore]);
  return { state, branchingEnabled, branches: branches.data ?? [] };
}
