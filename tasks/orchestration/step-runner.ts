/**
 * How the effect layer marks its steps without knowing about the journal: a command running an
 * operation passes its `step` (recorded before and after, see run-operation.ts); everything else
 * passes `unrecorded`.
 */

/** Runs one named step; `params` are what a recovery would need to know about it. */
export type StepRunner = <T>(name: string, work: () => Promise<T>, params?: Record<string, unknown>) => Promise<T>;

/** A step runner that records nothing. */
export const unrecorded: StepRunner = (_name, work) => work();
