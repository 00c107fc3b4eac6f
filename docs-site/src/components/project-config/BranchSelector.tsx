import React from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import ComboBox from './ComboBox';
import { branchValue } from '../../lib/project-config/option-values';
import { resolveBranchChoice } from '../../lib/project-config/restore';
import { selectBranchAtom, selectedBranchAtom } from '../../state/project-selection';
import type { BranchesDataState } from '../../lib/project-config/data-states';
import { useBranchesData } from './use-branches-data';

const LOADING: BranchesDataState[] = ['userLoading', 'loggedIn.branches.dataPending'];
const DISABLED: BranchesDataState[] = ['loggedOut', 'loggedIn.noBranches', 'loggedIn.branches.dataError', 'loggedIn.branches.dataSuccess.noData'];

/** The branch choice, drawn only for a project with branching (others have a single set of keys). */
export default function BranchSelector() {
  const { state, branchingEnabled, branches } = useBranchesData();
  const selected = useAtomValue(selectedBranchAtom);
  const select = useSetAtom(selectBranchAtom);
  if (!branchingEnabled) return null;
  return (
    <ComboBox
      name="branch"
      dataState={state}
      isLoading={LOADING.includes(state)}
      disabled={DISABLED.includes(state)}
      options={branches.map((branch) => ({ id: branch.id, value: branchValue(branch), displayName: branch.name }))}
      selectedOption={selected ? branchValue(selected) : undefined}
      onSelectOption={(value) => {
        const branch = resolveBranchChoice(value, branches);
        if (branch) select(branch);
      }}
    />
  );
}
