import React from 'react';
import DataErrorHint from './DataErrorHint';
import ValueRow from './ValueRow';
import { placeholderFor, prettyName, type Variable } from '../../lib/project-config/variables';
import type { VariableDataState } from '../../lib/project-config/data-states';
import { useVariableData } from './use-variable-data';

const LOADING: VariableDataState[] = ['userLoading', 'loggedIn.selectedProject.dataPending'];

/** The value of the selected project, "Loading..." while it is on its way, else the placeholder. */
export default function VariableValue({ variable }: { variable: Variable }) {
  const { state, value } = useVariableData(variable);
  const success = state === 'loggedIn.selectedProject.dataSuccess';
  const text = LOADING.includes(state) ? 'Loading...' : success && value !== undefined ? value : placeholderFor(variable);
  return (
    <>
      <ValueRow text={text} value={success ? value : undefined} label={prettyName(variable)} dataState={state} />
      {state === 'loggedIn.selectedProject.dataError' && <DataErrorHint pretty={prettyName(variable)} />}
    </>
  );
}
