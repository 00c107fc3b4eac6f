/** Mutually exclusive flag groups, including the ones a command inherits with persistent flags. */
import type { CommandNode } from './index.js';

/**
 * The groups that apply to a command. A parent's group whose flags are all persistent reaches the
 * children too, because the flags it constrains do.
 */
export function exclusiveGroups(node: CommandNode, options: { inherited: boolean } = { inherited: true }): string[][] {
  const groups = [...(node.spec.exclusive ?? [])];
  if (!options.inherited) return groups;
  for (let ancestor = node.parent; ancestor; ancestor = ancestor.parent) {
    const persistent = new Set((ancestor.spec.flags ?? []).filter((flag) => flag.persistent).map((flag) => flag.name));
    for (const group of ancestor.spec.exclusive ?? []) {
      if (group.every((name) => persistent.has(name))) groups.push(group);
    }
  }
  return groups;
}
