/**
 * Every machine of the tool, by the name maintainers use (`supabase machines <name>`). The fold
 * derives its stream kinds from the bindings here, so a new machine is one line in this list.
 */
import type { MachineDefinition } from './kit/machine-kit.js';
import { stackDefinition } from './stack.machine.js';
import { serviceDefinition } from './service.machine.js';
import { customHostnameDefinition } from './custom-hostname.machine.js';
import { vanitySubdomainDefinition } from './vanity-subdomain.machine.js';
import { branchesDefinition } from './branches.machine.js';
import { branchDefinition } from './branch.machine.js';
import { migrationHistoryDefinition } from './migration-history.machine.js';
import { operationDefinition } from './operation.machine.js';

/** The machines, in the order `supabase machines` lists them. */
export const MACHINE_DEFINITIONS: readonly MachineDefinition[] = [
  stackDefinition,
  serviceDefinition,
  customHostnameDefinition,
  vanitySubdomainDefinition,
  branchesDefinition,
  branchDefinition,
  migrationHistoryDefinition,
  operationDefinition,
];

/** The definition with this name, or undefined. */
export function findMachine(name: string): MachineDefinition | undefined {
  return MACHINE_DEFINITIONS.find((definition) => definition.name === name);
}

/** The stream kind of a binding or a stream name: the part before the first colon. */
export function streamKind(stream: string): string {
  const colon = stream.indexOf(':');
  return colon < 0 ? stream : stream.slice(0, colon);
}
