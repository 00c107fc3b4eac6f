/** Checks a parsed command line against its declaration: required flags, exclusive groups, argument counts. */
import { UsageError } from '../errors.js';
import { exclusiveGroups } from '../registry/exclusive.js';
import { effectiveFlags, type CommandNode } from '../registry/index.js';

/** `required flag(s) "a", "b" not set` when required flags were neither given nor set in the environment. */
export function checkRequired(node: CommandNode, given: ReadonlySet<string>): void {
  const missing = effectiveFlags(node).filter((flag) => flag.required && !given.has(flag.name));
  if (missing.length > 0) {
    throw new UsageError(`required flag(s) ${missing.map((flag) => `"${flag.name}"`).join(', ')} not set`);
  }
}

/** At most one flag of each exclusive group may be set on the command line. */
export function checkExclusive(node: CommandNode, changed: ReadonlySet<string>): void {
  for (const group of exclusiveGroups(node)) {
    const set = group.filter((name) => changed.has(name));
    if (set.length > 1) {
      throw new UsageError(
        `if any flags in the group [${group.join(' ')}] are set none of the others can be; [${[...set].sort().join(' ')}] were all set`,
      );
    }
  }
}

/** Argument counts, worded as cobra's validators word them. */
export function checkArgs(node: CommandNode, args: readonly string[]): void {
  const spec = node.spec.args ?? { min: 0, max: 0, usage: '' };
  const received = args.length;
  if (spec.min === spec.max && received !== spec.min) {
    if (spec.min === 0) throw new UsageError(`unknown command "${args[0]}" for "supabase ${node.spec.path}"`);
    throw new UsageError(`accepts ${spec.min} arg(s), received ${received}`);
  }
  if (received < spec.min) throw new UsageError(`requires at least ${spec.min} arg(s), only received ${received}`);
  if (received > spec.max) throw new UsageError(`accepts at most ${spec.max} arg(s), received ${received}`);
}
