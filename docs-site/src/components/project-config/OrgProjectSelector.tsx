import React from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import ComboBox from './ComboBox';
import { orgProjectLabel, orgProjectValue } from '../../lib/project-config/option-values';
import { resolveOrgProjectChoice } from '../../lib/project-config/restore';
import { selectOrgProjectAtom, selectedOrgAtom, selectedProjectAtom } from '../../state/project-selection';
import type { ProjectOrgDataState } from '../../lib/project-config/data-states';
import { useOrgProjectData } from './use-org-project-data';

const LOADING: ProjectOrgDataState[] = ['userLoading', 'loggedIn.dataPending'];
const DISABLED: ProjectOrgDataState[] = ['loggedOut', 'loggedIn.dataError', 'loggedIn.dataSuccess.hasNoData'];

/** One option per project, labelled "Organization / Project", grouped by organization. */
export default function OrgProjectSelector() {
  const { state, organizations, projects } = useOrgProjectData();
  const org = useAtomValue(selectedOrgAtom);
  const project = useAtomValue(selectedProjectAtom);
  const select = useSetAtom(selectOrgProjectAtom);
  const options = organizations.flatMap((organization) =>
    projects
      .filter((candidate) => candidate.organization_id === organization.id)
      .map((candidate) => ({ id: candidate.ref, value: orgProjectValue(organization, candidate), displayName: orgProjectLabel(organization, candidate) })),
  );
  return (
    <ComboBox
      name="project"
      dataState={state}
      isLoading={LOADING.includes(state)}
      disabled={DISABLED.includes(state)}
      options={options}
      selectedOption={org && project ? orgProjectValue(org, project) : undefined}
      onSelectOption={(value) => {
        // Only a well-formed value naming a real organization and one of its projects is taken.
        const choice = resolveOrgProjectChoice(value, organizations, projects);
        if (choice) select(choice);
      }}
    />
  );
}
