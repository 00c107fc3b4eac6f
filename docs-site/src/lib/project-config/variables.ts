// The values the widget can show, their headings and how each is read from the API settings.
import type { ProjectApi } from '../platform-api/types';

export type Variable = 'url' | 'anonKey';

export const VARIABLES: readonly Variable[] = ['url', 'anonKey'];

const PRETTY: Record<Variable, string> = { url: 'Project URL', anonKey: 'Anon key' };

export const prettyName = (variable: Variable) => PRETTY[variable];

/** What the value box shows when there is no value: "YOUR PROJECT URL", "YOUR ANON KEY". */
export const placeholderFor = (variable: Variable) => `YOUR ${prettyName(variable).toUpperCase()}`;

/**
 * The value, or undefined when the settings lack it. Besides a missing field, the hosted platform
 * answers projects too old for API keys with an explanatory sentence in place of the key; that
 * must not be offered for copying as if it were one.
 */
export function variableValue(variable: Variable, settings: ProjectApi): string | undefined {
  const service = settings.autoApiService;
  if (variable === 'url') return service.endpoint ? `${service.protocol || 'https'}://${service.endpoint}` : undefined;
  const key = service.defaultApiKey;
  return key && !/older version/.test(key) ? key : undefined;
}
