import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { projectApiQuery } from '../../lib/platform-api/queries';
import { variableDataState } from '../../lib/project-config/data-states';
import { variableValue, type Variable } from '../../lib/project-config/variables';
import { selectedRefAtom } from '../../state/project-selection';
import { useSession } from './use-session';

/** The API settings of the selected project or branch, asked for only once a ref is selected. */
export function useVariableData(variable: Variable) {
  const { status, readToken, isSignedIn } = useSession();
  const ref = useAtomValue(selectedRefAtom);
  const settings = useQuery({ ...projectApiQuery(readToken, ref), enabled: () => isSignedIn() && Boolean(ref) });
  const value = settings.data ? variableValue(variable, settings.data) : undefined;
  return { state: variableDataState(status, ref, settings, value), value };
}
