/**
 * A flag's parsed value, by kind: what the registry declares as defaults and what a handler's
 * context carries. Apart from types.ts, which imports the handler's context, so that the context
 * can name it without importing the registry back.
 */

/** A flag's parsed value, by kind. Slices and arrays are lists of strings. */
export type FlagValue = boolean | string | number | string[];
