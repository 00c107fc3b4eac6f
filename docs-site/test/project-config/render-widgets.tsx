import React from 'react';
import { render, within } from '@testing-library/react';
import PlatformProviders from '../../src/components/project-config/PlatformProviders';
import VariableWidget from '../../src/components/project-config/VariableWidget';
import { createPlatformEnvironment, type PlatformEnvironment } from '../../src/state/platform-environment';
import type { Variable } from '../../src/lib/project-config/variables';

const environments: PlatformEnvironment[] = [];

/** Empties the caches of the rendered widgets: their garbage-collection timers would keep the test process alive. */
export function clearEnvironments(): void {
  for (const environment of environments.splice(0)) environment.queryClient.clear();
}

/**
 * Renders one live widget per variable, as two widgets on one page: on a fresh store and cache, or
 * on `environment` to stand for the next page of the same visit.
 */
export function renderWidgets(variables: Variable[] = ['url', 'anonKey'], environment = createPlatformEnvironment({ retryDelay: 0 })) {
  if (!environments.includes(environment)) environments.push(environment);
  const view = render(
    <PlatformProviders environment={environment}>
      {variables.map((variable) => (
        <VariableWidget key={variable} variable={variable} />
      ))}
    </PlatformProviders>,
  );
  const widget = (variable: Variable) => {
    const root = view.container.querySelector<HTMLElement>(`[data-variable="${variable}"]`)!;
    const scope = within(root);
    return {
      root,
      scope,
      value: () => scope.getByRole('textbox', { name: variable === 'url' ? 'Project URL' : 'Anon key' }) as HTMLInputElement,
      valueState: () => root.querySelector('[data-value-row]')!.getAttribute('data-state'),
      projectBox: () => scope.getByRole('combobox', { name: 'Project' }) as HTMLButtonElement,
      branchBox: () => scope.queryByRole('combobox', { name: 'Branch' }) as HTMLButtonElement | null,
      selectorState: (name: 'project' | 'branch') => root.querySelector(`[data-combobox="${name}"]`)?.getAttribute('data-state') ?? null,
      copyButton: () => scope.getByRole('button', { name: 'Copy' }) as HTMLButtonElement,
    };
  };
  return { environment, view, widget };
}
