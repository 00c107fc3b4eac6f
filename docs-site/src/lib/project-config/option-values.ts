// Combobox option values. The org/project value is a JSON list [orgId, projectRef, label]: ids
// to find the pair again, plus the label so a search can match what the reader sees. A branch
// value is [branchId, branchName]. Anything else parses to nulls and is ignored by the widget.
import type { Branch, Organization, Project } from '../platform-api/types';

export const orgProjectLabel = (org: Organization, project: Project) => `${org.name} / ${project.name}`;

export const orgProjectValue = (org: Organization, project: Project) => JSON.stringify([org.id, project.ref, orgProjectLabel(org, project)]);

export const branchValue = (branch: Branch) => JSON.stringify([branch.id, branch.name]);

function parseList(value: string, length: number): unknown[] | undefined {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.length === length ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** [orgId, projectRef, label], or nulls when the value is not such a list. */
export function parseOrgProjectValue(value: string): [number, string, string] | [null, null, null] {
  const list = parseList(value, 3);
  if (list && typeof list[0] === 'number' && typeof list[1] === 'string' && typeof list[2] === 'string') return [list[0], list[1], list[2]];
  return [null, null, null];
}

/** [branchId, branchName], or nulls when the value is not such a list. */
export function parseBranchValue(value: string): [string, string] | [null, null] {
  const list = parseList(value, 2);
  if (list && typeof list[0] === 'string' && typeof list[1] === 'string') return [list[0], list[1]];
  return [null, null];
}
